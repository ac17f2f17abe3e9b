import {
  displayName,
  effectiveLabel,
  FIELD_KEYS,
  type FieldRef,
  fieldKeyLabel,
  type LayoutSubject,
  mapProperties,
} from '@school-portal/domain';
import type { Db } from '../../db/database.js';
import { cardPayload } from '../../images/card-code.js';
import { masterServesPrint, preparePrintPhoto } from '../../images/print.js';
import type { Storage } from '../../storage/storage.js';
import { claimUrl, familyCodesFor } from '../families/queries.js';
import { printSources } from '../photos/queries.js';
import { workingMaster } from '../photos/service.js';
import { subjectsWithPhotos } from '../subjects/queries.js';
import type { PhotoSource } from './draw.js';

/** Values a template, group or sort may name besides the project's fields. */
export const DERIVED_FIELDS = [
  'Full Name',
  'Display Name',
  'School',
  'Project',
  'Season',
  'Camera Card Code',
  'Camera Card',
  // Families: the subject's family access code and the claim page's address with it (the notice's QR).
  'Family Code',
  'Family Claim Link',
] as const;

/** Every name a layout may use for this project's fields: field labels, field-key names, derived ones. */
export function knownFieldNames(fields: FieldRef[]): Set<string> {
  const names = new Set<string>([...DERIVED_FIELDS, ...FIELD_KEYS.map((f) => f.label)]);
  for (const f of fields) names.add(effectiveLabel(f));
  return names;
}

/**
 * Subjects as the engine sees them: values by field label (and by field-key name), derived names, the
 * school's and season's names, and the primary and latest photos. Only the given fields' values are read.
 */
export async function loadLayoutSubjects(
  db: Db,
  args: {
    projectId: string;
    subjectIds: string[] | null;
    fields: FieldRef[];
    school: string;
    project: string;
    season?: string | null | undefined;
    /** The layout's category publishes faces with names (composites, directories): consent applies. */
    leaveOutDirectoryOptOuts?: boolean;
    /** The layout prints family access codes (a family notice): the public address the QR opens. */
    familyPublicUrl?: string | undefined;
  },
): Promise<LayoutSubject[]> {
  const rows = await subjectsWithPhotos(db, args.projectId, args.subjectIds, args.leaveOutDirectoryOptOuts);
  const familyCodes = args.familyPublicUrl
    ? await familyCodesFor(
        db,
        rows.map((r) => r.id),
      )
    : null;
  return rows.map((row) => {
    const values: Record<string, string> = { School: args.school, Project: args.project };
    if (args.season) values.Season = args.season;
    for (const f of args.fields) {
      const value = (row.properties[f.id] ?? '').trim();
      if (!value) continue;
      values[effectiveLabel(f)] ??= value;
      const keyName = fieldKeyLabel(f.field_key);
      if (keyName) values[keyName] ??= value;
    }
    const mapped = mapProperties(args.fields, row.properties);
    values['Full Name'] = [mapped.first_name, mapped.last_name].filter(Boolean).join(' ');
    values['Display Name'] = displayName(mapped);
    // A camera card's code as printed beside the barcodes, and what its QR code and Code 128 encode.
    values['Camera Card Code'] = row.card_code;
    values['Camera Card'] = cardPayload(row.card_code);
    const familyCode = familyCodes?.get(row.id);
    if (familyCode && args.familyPublicUrl) {
      values['Family Code'] = familyCode;
      values['Family Claim Link'] = claimUrl(args.familyPublicUrl, familyCode);
    }
    return {
      id: row.id,
      values,
      photos: { primary: row.primary_photo_id ?? row.latest_photo_id, latest: row.latest_photo_id },
    };
  });
}

/**
 * Photos for printing: read from storage once per request for a photo, cut to its default crop and sized
 * for the box. Photos not verified (or missing) print as placeholders with the subject's name.
 */
export async function photoSourceFor(
  db: Db,
  storage: Storage,
  subjects: LayoutSubject[],
): Promise<PhotoSource> {
  const ids = new Set<string>();
  for (const s of subjects) {
    if (s.photos.primary) ids.add(s.photos.primary);
    if (s.photos.latest) ids.add(s.photos.latest);
  }
  const sources = new Map((await printSources(db, [...ids])).map((p) => [p.id, p]));
  return async (box, dpi) => {
    const source = box.photo_id ? sources.get(box.photo_id) : undefined;
    if (!source) return null;
    const crop =
      source.x !== null && source.y !== null && source.width !== null && source.height !== null
        ? { x: source.x, y: source.y, width: source.width, height: source.height }
        : null;
    // The working master when it has pixels enough for the box (a few MP to decode, not 12-24).
    const master = workingMaster(source);
    const fromMaster =
      master && masterServesPrint(master, crop, box, dpi)
        ? await storage.read(master.storageKey).catch(() => null)
        : null;
    const bytes = fromMaster ?? (await storage.read(source.storage_key).catch(() => null));
    if (!bytes) return null;
    return preparePrintPhoto(bytes, crop, box, dpi).catch(() => null);
  };
}
