import PersonIcon from '@mui/icons-material/Person';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { effectiveLabel, previewFields, type SubjectSelection } from '@school-portal/domain';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Subject, SubjectField } from '../../api/subjects';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { type DuplicateGroup, useDuplicateGroups } from './selectionApi';

/** Per group: keep all of them, or the one to keep (the others are excluded); nothing chosen yet excludes nothing. */
export interface GroupChoice {
  keepAll: boolean;
  keep: string | null;
}

const groupKey = (group: DuplicateGroup) => group.subjects.map((s) => s.id).join(',');

/** The ids the choices exclude: in each group with a subject to keep, every other one. */
export function excludedByChoices(
  groups: readonly DuplicateGroup[],
  choices: Record<string, GroupChoice>,
): string[] {
  return groups.flatMap((group) => {
    const choice = choices[groupKey(group)];
    if (!choice || choice.keepAll || !choice.keep) return [];
    return group.subjects.map((s) => s.id).filter((id) => id !== choice.keep);
  });
}

/** A subject of a group: its thumbnail, name and fields. */
export function DuplicateSubjectCard({
  subject,
  fields,
  children,
}: {
  subject: Subject;
  fields: SubjectField[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const thumbnail = subject.primary_photo_thumbnails?.small ?? subject.primary_photo_thumbnails?.tiny;
  const shown = fields.filter((f) => subject.properties[f.id]?.trim());
  return (
    <Card
      variant="outlined"
      component="li"
      data-testid="duplicate-subject"
      sx={{ display: 'flex', gap: 1.5, p: 1 }}
    >
      <Box
        sx={{
          width: 64,
          height: 80,
          flexShrink: 0,
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {thumbnail ? (
          <Box component="img" src={thumbnail} alt="" sx={{ width: 64, height: 80, objectFit: 'cover' }} />
        ) : (
          <PersonIcon aria-hidden="true" color="disabled" />
        )}
      </Box>
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 }, flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2">{subject.display_name || t('subjects.no-name')}</Typography>
        {(shown.length > 0 ? shown : previewFields(fields, subject.properties).map((p) => p.field)).map(
          (f) => (
            <Typography key={f.id} variant="body2" color="text.secondary" noWrap>
              {effectiveLabel(f)}: {subject.properties[f.id]}
            </Typography>
          ),
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The wizards' "Check for Duplicate Subjects" step (spec §4): the groups of the selection whose chosen
 * fields match; per group pick the subject to keep (the others are excluded) or turn on "keep all"
 * (turning it off clears the choice). `onChange` gets the `excluded_subject_ids` the choices make.
 */
export function CheckDuplicatesStep({
  projectId,
  selection,
  fieldKeys,
  fields,
  onChange,
  subjectActions,
}: {
  projectId: string;
  selection: SubjectSelection | null;
  fieldKeys: readonly string[];
  fields: SubjectField[];
  onChange: (excludedSubjectIds: string[]) => void;
  subjectActions?: (subject: Subject, group: DuplicateGroup) => ReactNode;
}) {
  const { t } = useTranslation();
  const groups = useDuplicateGroups(projectId, fieldKeys, selection);
  const [choices, setChoices] = useState<Record<string, GroupChoice>>({});
  const list = groups.data ?? [];
  const excluded = useMemo(() => excludedByChoices(list, choices), [list, choices]);
  const excludedKey = excluded.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported when the list changes, by its content
  useEffect(() => onChange(excluded), [excludedKey]);
  const choose = (group: DuplicateGroup, next: GroupChoice) =>
    setChoices((current) => ({ ...current, [groupKey(group)]: next }));
  const labelOf = (key: string) =>
    effectiveLabel(fields.find((f) => f.field_key === key) ?? { field_key: key, label: null });

  if (groups.isError)
    return (
      <ErrorState message={t('subjects.duplicates.load-failed')} onRetry={() => void groups.refetch()} />
    );
  return (
    <Box data-testid="check-duplicates-step">
      <Box sx={{ height: 4, mb: 1 }}>{groups.isFetching && <LinearProgress aria-hidden="true" />}</Box>
      {groups.isSuccess && list.length === 0 && <EmptyState message={t('subjects.duplicates.none')} />}
      <Box
        component="ol"
        aria-label={t('subjects.duplicates.groups')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}
      >
        {list.map((group) => {
          const key = groupKey(group);
          const choice = choices[key] ?? { keepAll: false, keep: null };
          const title = fieldKeys.map((k) => `${labelOf(k)}: ${group.values[k] ?? ''}`).join(' · ');
          return (
            <Paper
              component="li"
              key={key}
              variant="outlined"
              sx={{ p: 2 }}
              aria-label={title}
              data-testid="duplicate-group"
            >
              <Box
                sx={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  alignItems: 'center',
                  flexWrap: 'wrap',
                  gap: 1,
                  mb: 1,
                }}
              >
                <Typography variant="subtitle1" component="h3">
                  {title}
                </Typography>
                <FormControlLabel
                  control={
                    <Switch
                      checked={choice.keepAll}
                      onChange={(e) => choose(group, { keepAll: e.target.checked, keep: null })}
                    />
                  }
                  label={t('subjects.duplicates.keep-all')}
                />
              </Box>
              <Box
                component="ul"
                sx={{
                  listStyle: 'none',
                  m: 0,
                  p: 0,
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
                }}
              >
                {group.subjects.map((subject) => (
                  <DuplicateSubjectCard key={subject.id} subject={subject} fields={fields}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <FormControlLabel
                        control={
                          <Radio
                            checked={!choice.keepAll && choice.keep === subject.id}
                            disabled={choice.keepAll}
                            onChange={() => choose(group, { keepAll: false, keep: subject.id })}
                            name={`keep-${key}`}
                          />
                        }
                        label={t('subjects.duplicates.keep', { name: subject.display_name })}
                      />
                      {!choice.keepAll && choice.keep && choice.keep !== subject.id && (
                        <Typography variant="caption" color="warning.main">
                          {t('subjects.duplicates.excluded')}
                        </Typography>
                      )}
                      {subjectActions?.(subject, group)}
                    </Box>
                  </DuplicateSubjectCard>
                ))}
              </Box>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
