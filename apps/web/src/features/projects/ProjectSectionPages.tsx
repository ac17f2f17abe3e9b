import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';

// The project's sub-screens arrive in later issues; until then each shows its heading only. They are
// reached through ProjectActivation, so the activation check already applies.

export function ProjectSubjectsPage() {
  const { t } = useTranslation();
  return <Page title={t('project.subjects-title')} />;
}

export function ProjectExportsPage() {
  const { t } = useTranslation();
  return <Page title={t('project.exports-title')} />;
}

export function ProjectLayoutsPage() {
  const { t } = useTranslation();
  return <Page title={t('project.layouts-title')} />;
}

export function ProjectAttachmentsPage() {
  const { t } = useTranslation();
  return <Page title={t('project.attachments-title')} />;
}
