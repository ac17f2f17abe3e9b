import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLayoutCategory, useCreateRender } from '../../../api/layouts';
import { RenderDownloadDialog } from '../../../components/RenderDownloadDialog';
import { type Caller, downloadCameraCard } from '../api';

/** The built-in Camera Cards category (its one layout: the Camera Card). */
const CAMERA_CARDS = 'camera-cards';

/**
 * One student's camera card printed again from the station (a card lost or bent on the day), for signed-in
 * staff: the built-in Camera Card layout for that subject, made by the print job and downloaded. A station
 * signed in by its link uses LinkReprintCard.
 */
export function ReprintCard({ projectId, subjectId }: { projectId: string; subjectId: string }) {
  const { t } = useTranslation();
  const create = useCreateRender();
  const [renderId, setRenderId] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const print = async () => {
    setFailed(false);
    try {
      const category = await fetchLayoutCategory(CAMERA_CARDS);
      const layout = category.layouts[0];
      if (!layout) throw new Error('no camera card layout');
      const render = await create.mutateAsync({
        layout_id: layout.id,
        project_id: projectId,
        pdf_name: t('station.reprint.pdf-name'),
        subject_ids: [subjectId],
      });
      setRenderId(render.id);
    } catch {
      setFailed(true);
    }
  };
  return (
    <>
      <Button variant="text" onClick={() => void print()} disabled={create.isPending} sx={{ minHeight: 48 }}>
        {t('station.reprint.button')}
      </Button>
      {failed && <Typography role="alert">{t('station.reprint.failed')}</Typography>}
      <RenderDownloadDialog
        renderId={renderId}
        onClose={() => setRenderId(null)}
        title={t('station.reprint.title')}
        preparing={[t('station.reprint.preparing')]}
        ready={t('station.reprint.ready')}
        failed={(reason) => t('station.reprint.render-failed', { reason })}
        closeLabel={t('station.reprint.close')}
        downloadLabel={t('station.reprint.download')}
        preparingLabel={t('station.reprint.preparing-button')}
      />
    </>
  );
}

/**
 * The same for a station signed in by its link (a hired photographer's device): the card made by the
 * session's camera-card route at once and saved, as its link may ask for its own session's students.
 */
export function LinkReprintCard({
  sessionId,
  subjectId,
  caller,
}: {
  sessionId: string;
  subjectId: string;
  caller: Caller;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const print = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadCameraCard(sessionId, subjectId, caller, `${t('station.reprint.pdf-name')}.pdf`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="text" onClick={() => void print()} disabled={busy} sx={{ minHeight: 48 }}>
        {t('station.reprint.button')}
      </Button>
      {failed && <Typography role="alert">{t('station.reprint.failed')}</Typography>}
    </>
  );
}
