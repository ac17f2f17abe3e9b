import { useTranslation } from 'react-i18next';
import { RenderDownloadDialog } from '../../components/RenderDownloadDialog';

/**
 * The missing list's PDF while the print job makes it (the render, read every few seconds while it runs),
 * then Download Now, which downloads it and closes the dialog.
 */
export function MissingPdfDialog({ renderId, onClose }: { renderId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <RenderDownloadDialog
      renderId={renderId}
      onClose={onClose}
      title={t('coverage.pdf.title')}
      preparing={[t('coverage.pdf.preparing')]}
      ready={t('coverage.pdf.ready')}
      failed={(reason) => t('coverage.pdf.failed', { reason })}
      closeLabel={t('coverage.pdf.close')}
      downloadLabel={t('coverage.pdf.download')}
      preparingLabel={t('coverage.pdf.preparing-button')}
    />
  );
}
