import { effectiveLabel, fieldKeyLabel, type LayoutDefinition } from '@school-portal/domain';

interface TemplateField {
  field_key: string | null;
  label: string | null;
  visible_to_customers: boolean;
}

/** Names a derived value is built from (loadLayoutSubjects): the full and display names read these keys. */
const DERIVED_FROM: Record<string, string[]> = {
  'Full Name': ['first_name', 'last_name'],
  'Display Name': ['first_name', 'last_name'],
};

/** Every field name a layout prints: `{Name}` in its text boxes and headings, its barcodes' fields, and the names on placeholders. */
export function namesInLayout(definition: LayoutDefinition): Set<string> {
  const names = new Set<string>();
  const addTemplate = (template: string) => {
    for (const match of template.matchAll(/\{([^{}]+)\}/g)) names.add(match[1]!.trim());
  };
  addTemplate(definition.title.template);
  for (const line of definition.title.lines ?? [])
    for (const template of [...line.parts, line.otherwise ?? '']) addTemplate(template);
  for (const box of definition.unit.boxes) {
    if (box.kind === 'text') addTemplate(box.template);
    if (box.kind === 'barcode') names.add(box.field.trim());
    // A placeholder for a missing photo is labelled with the subject's name.
    if (box.kind === 'photo') names.add('Display Name');
  }
  return names;
}

/**
 * Whether a print would show a value of a field hidden from customers: the layout prints it, or the
 * print is grouped (group headings) or sorted by it. Then only callers who read hidden fields see it.
 */
export function printUsesHiddenField(
  definition: LayoutDefinition,
  groupBy: string[],
  sortBy: string[],
  fields: TemplateField[],
): boolean {
  const used = new Set([...namesInLayout(definition), ...groupBy, ...sortBy].map((n) => n.trim()));
  const usedKeys = new Set([...used].flatMap((name) => DERIVED_FROM[name] ?? []));
  return fields.some(
    (f) =>
      !f.visible_to_customers &&
      (used.has(effectiveLabel(f)) ||
        used.has(fieldKeyLabel(f.field_key) ?? '') ||
        (f.field_key !== null && usedKeys.has(f.field_key))),
  );
}
