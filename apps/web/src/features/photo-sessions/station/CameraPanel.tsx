import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeReader } from './camera';

const READ_EVERY_MS = 300;

/**
 * The device's camera looking for a card's QR or an ID card's barcode; each code read is handed to
 * `onCode` (the same code again only after another has been read, or after a pause).
 */
export function CameraPanel({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onCode);
  handler.current = onCode;
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer = 0;
    let lastCode = '';
    let lastAt = 0;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment', width: { ideal: 1280 } },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await codeReader();
        const step = async () => {
          if (stopped || !video.current) return;
          try {
            const [code] = await read(video.current);
            const now = Date.now();
            if (code && (code !== lastCode || now - lastAt > 3_000)) {
              lastCode = code;
              lastAt = now;
              handler.current(code);
            }
          } catch {
            // A frame the reader could not take: the next one.
          }
          timer = window.setTimeout(() => void step(), READ_EVERY_MS);
        };
        void step();
      } catch {
        if (!stopped) setProblem(t('station.camera.unavailable'));
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [t]);

  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="station-camera">
      {problem ? (
        <Typography role="alert">{problem}</Typography>
      ) : (
        <Box
          component="video"
          ref={video}
          muted
          playsInline
          aria-label={t('station.camera.label')}
          sx={{ width: '100%', maxHeight: 280, bgcolor: 'common.black', borderRadius: 1 }}
        />
      )}
      <Button variant="outlined" onClick={onClose} sx={{ minHeight: 48 }}>
        {t('station.camera.close')}
      </Button>
    </Box>
  );
}
