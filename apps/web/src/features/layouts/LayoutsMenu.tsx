import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { type Layout, useLayoutPreview } from '../../api/layouts';
import { getToken } from '../../api/token';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { SubNav, type SubNavItem } from '../../components/SubNav';

/** The outside editor's address with the access token in its query (exports §2, §6). */
export function layoutEditorHref(editorUrl: string): string {
  const url = new URL(editorUrl);
  url.searchParams.set('access_token', getToken() ?? '');
  return url.toString();
}

/**
 * Spec §2 layouts section menu: All Layouts, Recent Prints, and Edit Layouts only for those who may
 * edit layouts (studio or lab managers): the configured outside editor in a new tab, else the in-app page.
 */
export function LayoutsMenu({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const { data: config } = useConfig();
  const items: SubNavItem[] = [
    { key: 'all', label: t('layouts.menu.all'), to: routePath('project.layouts', { projectId }), end: true },
    {
      key: 'recent',
      label: t('layouts.menu.recent'),
      to: routePath('project.layouts.renders', { projectId }),
    },
  ];
  if (can('layout.edit')) {
    items.push(
      config?.layout_editor_url
        ? {
            key: 'edit',
            label: t('layouts.menu.edit'),
            href: layoutEditorHref(config.layout_editor_url),
            endIcon: <OpenInNewIcon fontSize="small" aria-hidden="true" />,
          }
        : {
            key: 'edit',
            label: t('layouts.menu.edit'),
            to: routePath('project.layouts.edit', { projectId }),
          },
    );
  }
  return <SubNav label={t('layouts.menu.label')} items={items} testId="layouts-menu" />;
}

export function LayoutPreview({
  layout,
  subjectId,
  height = 240,
  revision,
}: {
  layout: Pick<Layout, 'id' | 'name'>;
  subjectId?: string | null;
  height?: number;
  revision?: string;
}) {
  const { t } = useTranslation();
  const url = useLayoutPreview(layout.id, subjectId, revision);
  const width = Math.round((height * 640) / 480);
  return url ? (
    <img
      src={url}
      width={width}
      height={height}
      alt={t('layouts.preview-alt', { name: layout.name })}
      loading="lazy"
      style={{ maxWidth: '100%', height: 'auto' }}
    />
  ) : (
    <Box sx={{ width, maxWidth: '100%', aspectRatio: '4 / 3', bgcolor: 'grey.100' }} aria-busy="true" />
  );
}
