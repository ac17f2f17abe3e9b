import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatFieldErrors, formatFieldMessage, layoutDefinitionSchema } from '@school-portal/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useConfig } from '../../api/config';
import {
  type Layout,
  useCopyLayout,
  useLayout,
  useLayoutCategories,
  useUpdateLayout,
} from '../../api/layouts';
import { useCurrentProject } from '../../api/projects';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useNotify } from '../../components/Notifications';
import { Page } from '../../components/Page';
import { useSetSearchParam } from '../../components/useSetSearchParam';
import { LayoutPreview, LayoutsMenu, layoutEditorHref } from './LayoutsMenu';

/**
 * Edit Layouts without an outside editor (exports §6): managers copy a layout into their
 * organization and edit its definition as JSON. The JSON is checked by the domain's schema as it is
 * typed; the preview (the preview route, drawn by the same engine as the PDF) shows what was saved.
 */
export function EditLayoutsPage() {
  const { t } = useTranslation();
  const { projectId, project } = useCurrentProject();
  const can = useCan();
  const { data: config } = useConfig();
  const categories = useLayoutCategories(project.data?.organization_id);
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  const layoutId = params.get('layoutId') ?? '';
  const notify = useNotify();
  const copy = useCopyLayout();

  if (!can('layout.edit')) {
    return <Navigate to={routePath('project.layouts', { projectId })} replace />;
  }
  const choose = (id: string) => setParam('layoutId', id);
  const copyOf = async (layout: Layout) => {
    try {
      const made = await copy.mutateAsync(layout.id);
      notify({ message: t('layouts.edit.copied', { name: layout.name }) });
      choose(made.id);
    } catch {
      notify({ message: t('layouts.edit.copy-failed'), severity: 'error' });
    }
  };
  const editable = (layout: Layout) => can('layout.update', layout);

  return (
    <Page title={t('layouts.edit.heading')}>
      <LayoutsMenu projectId={projectId} />
      {config?.layout_editor_url && (
        <Button href={layoutEditorHref(config.layout_editor_url)} target="_blank" rel="noopener noreferrer">
          {t('layouts.edit.editor-link')}
        </Button>
      )}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('layouts.edit.intro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '320px 1fr' } }}>
        <Paper variant="outlined" sx={{ maxHeight: { md: 720 }, overflow: 'auto' }}>
          {!categories.data ? (
            <LoadingScreen />
          ) : (
            <List dense aria-label={t('layouts.menu.label')}>
              {categories.data.map((category) => (
                <li key={category.id}>
                  <List dense disablePadding>
                    <ListSubheader>{category.name}</ListSubheader>
                    {category.layouts.map((layout) => (
                      <ListItem
                        key={layout.id}
                        sx={layout.id === layoutId ? { bgcolor: 'action.selected' } : undefined}
                        aria-current={layout.id === layoutId ? 'true' : undefined}
                        secondaryAction={
                          editable(layout) ? (
                            <Button
                              size="small"
                              aria-label={t('layouts.edit.edit-label', { name: layout.name })}
                              onClick={() => choose(layout.id)}
                            >
                              {t('layouts.edit.edit')}
                            </Button>
                          ) : (
                            <Button
                              size="small"
                              aria-label={t('layouts.edit.copy-label', { name: layout.name })}
                              disabled={copy.isPending}
                              onClick={() => void copyOf(layout)}
                            >
                              {t('layouts.edit.copy')}
                            </Button>
                          )
                        }
                      >
                        <ListItemText
                          primary={layout.name}
                          secondary={editable(layout) ? t('layouts.edit.yours') : undefined}
                        />
                      </ListItem>
                    ))}
                  </List>
                </li>
              ))}
            </List>
          )}
        </Paper>
        {layoutId ? (
          <LayoutEditor key={layoutId} layoutId={layoutId} />
        ) : (
          <Typography>{t('layouts.edit.choose')}</Typography>
        )}
      </Box>
    </Page>
  );
}

/** Messages for a definition typed as JSON: not JSON, or what the domain's schema says, by field. */
function definitionProblems(text: string, notJson: string): { value: unknown; problems: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { value: undefined, problems: [notJson] };
  }
  const checked = layoutDefinitionSchema.safeParse(value);
  if (checked.success) return { value, problems: [] };
  return {
    value,
    problems: checked.error.issues.map((issue) => {
      const where = issue.path.join('.');
      return where ? `${where}: ${formatFieldMessage(issue.message)}` : formatFieldMessage(issue.message);
    }),
  };
}

function LayoutEditor({ layoutId }: { layoutId: string }) {
  const layout = useLayout(layoutId);
  if (!layout.data) return <LoadingScreen />;
  return <LayoutForm layout={layout.data} />;
}

function LayoutForm({ layout }: { layout: Layout }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const can = useCan();
  const update = useUpdateLayout(layout.id);
  const [name, setName] = useState(layout.name);
  const [text, setText] = useState(() => JSON.stringify(layout.definition, null, 2));
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  // The preview is drawn from the saved definition: a new revision after each save.
  const [revision, setRevision] = useState(() => JSON.stringify(layout.definition));
  const { value, problems } = useMemo(() => definitionProblems(text, t('layouts.edit.not-json')), [text, t]);
  const mayEdit = can('layout.update', layout);

  const save = async () => {
    setServerErrors([]);
    try {
      const saved = await update.mutateAsync({ name: name.trim() || undefined, definition: value });
      setRevision(JSON.stringify(saved.definition));
      notify({ message: t('layouts.edit.saved', { name: saved.name }) });
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : undefined;
      setServerErrors(
        fields
          ? Object.entries(formatFieldErrors(fields)).map(([field, message]) => `${field}: ${message}`)
          : [t('layouts.edit.save-failed')],
      );
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <Box
        component="form"
        aria-label={layout.name}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        sx={{ display: 'grid', gap: 2, alignContent: 'start' }}
      >
        <TextField
          label={t('layouts.edit.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          size="small"
          disabled={!mayEdit}
        />
        <TextField
          label={t('layouts.edit.definition')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={16}
          maxRows={32}
          disabled={!mayEdit}
          error={problems.length > 0}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
        {problems.length > 0 && (
          <Alert severity="warning" data-testid="definition-problems">
            {t('layouts.edit.problems')}
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Box>
          </Alert>
        )}
        {serverErrors.length > 0 && (
          <Alert severity="error" role="alert">
            {serverErrors.join(' ')}
          </Alert>
        )}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={!mayEdit || problems.length > 0 || update.isPending}
          >
            {t('layouts.edit.save')}
          </Button>
        </Box>
      </Box>
      <Box>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {t('layouts.edit.preview')}
        </Typography>
        <Box data-testid="layout-edit-preview" data-revision={revision}>
          <LayoutPreview layout={layout} height={360} revision={revision} />
        </Box>
      </Box>
    </Box>
  );
}
