import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SUBJECT_DIRECTORY_CATEGORY,
  SUBJECT_DIRECTORY_DEFAULT_GROUP,
  SUBJECT_DIRECTORY_SORT,
} from '@school-portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { fetchLayoutCategory, useCreateRender } from '../../api/layouts';
import { useSubjectFields } from '../../api/subjects';
import { routePath, useProjectId } from '../../app/routes';
import { RenderDownloadDialog } from '../../components/RenderDownloadDialog';
import { useSetSearchParam } from '../../components/useSetSearchParam';

/**
 * Spec §2 subject directory route, under the subjects sub-menu: a form with a required Group By (a
 * subject field, default Teacher; no "None"), Save and Cancel. Saving prints the Subject Directory layout for every subject of the project, grouped by the
 * field and sorted by Teacher, Grade, Last Name, First Name (§5), then opens the download dialog.
 */
export function SubjectDirectoryPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const navigate = useNavigate();
  const { fields } = useSubjectFields(projectId);
  const labels = [...new Set(fields.map((f) => f.effective_label).filter(Boolean))];
  const [groupBy, setGroupBy] = useState<string>(SUBJECT_DIRECTORY_DEFAULT_GROUP);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRender();
  const subjectsPath = routePath('project.subjects', { projectId });

  async function save() {
    setError(null);
    if (!groupBy) {
      setError(t('layouts.directory.required'));
      return;
    }
    try {
      const category = await fetchLayoutCategory(SUBJECT_DIRECTORY_CATEGORY);
      const layout = category.layouts[0];
      if (!layout) throw new Error('no layout');
      const render = await create.mutateAsync({
        layout_id: layout.id,
        project_id: projectId,
        pdf_name: t('layouts.directory.title'),
        group_by: [groupBy],
        sort_by: [...SUBJECT_DIRECTORY_SORT],
        // A directory lists everyone: a subject without a photo keeps its row, by an empty frame.
        subjects_without_photo: 'placeholder',
      });
      navigate(`${subjectsPath}?subjectDirectoryId=${render.id}`);
    } catch (e) {
      const noSubjects =
        e instanceof ApiError && e.status === 422 && JSON.stringify(e.body ?? {}).includes('has no subjects');
      setError(noSubjects ? t('layouts.directory.no-subjects') : t('layouts.directory.failed'));
    }
  }

  const options = labels.includes(SUBJECT_DIRECTORY_DEFAULT_GROUP)
    ? labels
    : [SUBJECT_DIRECTORY_DEFAULT_GROUP, ...labels];
  return (
    <Container maxWidth="sm">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('layouts.directory.heading')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField
          select
          required
          label={t('layouts.directory.group-by')}
          value={groupBy}
          onChange={(e) => setGroupBy(e.target.value)}
          // Required: no "None" to choose; a missing value is said once, under the field.
          error={!!error && !groupBy}
          helperText={error && !groupBy ? error : undefined}
        >
          {options.map((label) => (
            <MenuItem key={label} value={label}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        {error && groupBy && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="contained" onClick={() => void save()} disabled={create.isPending}>
            {t('layouts.directory.save')}
          </Button>
          <Button onClick={() => navigate(subjectsPath)}>{t('layouts.directory.cancel')}</Button>
        </Box>
      </Box>
    </Container>
  );
}

/**
 * Spec §2 download dialog, opened by `subjectDirectoryId` on the subjects route: polls the render until it
 * is rendered, then offers Download Now, which downloads and closes the dialog.
 */
export function SubjectDirectoryDialog() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  const close = () => setParam('subjectDirectoryId', null, { replace: true });
  return (
    <RenderDownloadDialog
      renderId={params.get('subjectDirectoryId')}
      onClose={close}
      title={t('layouts.directory.title')}
      preparing={[t('layouts.directory.dialog.preparing'), t('layouts.directory.dialog.minutes')]}
      ready={t('layouts.directory.dialog.ready')}
      failed={(reason) => t('layouts.directory.dialog.failed', { reason })}
      closeLabel={t('layouts.directory.dialog.close')}
      downloadLabel={t('layouts.directory.dialog.download')}
      preparingLabel={t('layouts.directory.dialog.preparing-button')}
    />
  );
}
