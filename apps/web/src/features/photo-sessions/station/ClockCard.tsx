import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { clockCardPayload } from '@school-portal/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Writer = (text: string) => Promise<string>;
let writer: Promise<Writer> | null = null;

/** zxing-wasm's QR writer, loaded the first time a clock card is shown, its WebAssembly from this app. */
function qrWriter(): Promise<Writer> {
  writer ??= Promise.all([
    import('zxing-wasm/writer'),
    import('zxing-wasm/writer/zxing_writer.wasm?url'),
  ]).then(([{ prepareZXingModule, writeBarcode }, { default: wasmUrl }]) => {
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
      },
    });
    return async (text: string) => {
      const result = await writeBarcode(text, { format: 'QRCode', scale: 8 });
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(result.svg)}`;
    };
  });
  return writer;
}

/** The clock card writer's files, fetched ahead for a station offline. */
export async function clockCardFiles(): Promise<string[]> {
  const [, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/writer'),
    import('zxing-wasm/writer/zxing_writer.wasm?url'),
  ]);
  return [wasmUrl];
}

/**
 * The station's clock card: a QR of the station's time, redrawn every second, for a camera to photograph
 * at the start of its shoot; `onShown` reports the station's time to the server once it is on screen.
 */
export function ClockCardDialog({
  stationId,
  open,
  onClose,
  onShown,
}: {
  stationId: string;
  open: boolean;
  onClose: () => void;
  onShown: (at: Date) => void;
}) {
  const { t } = useTranslation();
  const [image, setImage] = useState<{ src: string; at: Date } | null>(null);
  const [problem, setProblem] = useState(false);

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let reported = false;
    const draw = async () => {
      try {
        const write = await qrWriter();
        const at = new Date();
        const src = await write(clockCardPayload(stationId, at));
        if (stopped) return;
        setImage({ src, at });
        if (!reported) {
          reported = true;
          onShown(at);
        }
      } catch {
        if (!stopped) setProblem(true);
      }
    };
    void draw();
    const timer = window.setInterval(() => void draw(), 1_000);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [open, stationId, onShown]);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('station.clock.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('station.clock.intro')}</Typography>
        {problem ? (
          <Typography role="alert">{t('station.clock.failed')}</Typography>
        ) : (
          image && (
            <Box sx={{ textAlign: 'center' }} data-testid="station-clock-card">
              <Box
                component="img"
                src={image.src}
                alt={t('station.clock.alt', { time: image.at.toLocaleTimeString() })}
                sx={{ width: '100%', maxWidth: 320, imageRendering: 'pixelated' }}
              />
              <Typography sx={{ fontSize: '1.5rem', mt: 1 }}>{image.at.toLocaleTimeString()}</Typography>
            </Box>
          )
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t('station.clock.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
