import Box from '@mui/material/Box';
import type { CropBox } from './api';

const percent = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/**
 * A proof whole (its own width:height), with the crop the yearbook and the school will use drawn over it
 * and the rest dimmed, as in the studio's cropper: what a parent sees is what will be printed. The proof
 * is the server's marked rendition at a signed address; nothing here leads to the original.
 */
export function ProofImage({ src, alt, crop }: { src: string; alt: string; crop: CropBox | null }) {
  return (
    <Box
      sx={{ position: 'relative', overflow: 'hidden', bgcolor: 'grey.100', userSelect: 'none' }}
      onContextMenu={(event) => event.preventDefault()}
    >
      <Box
        component="img"
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        draggable={false}
        referrerPolicy="no-referrer"
        sx={{ display: 'block', width: '100%', height: 'auto' }}
      />
      {crop && (
        <Box
          aria-hidden="true"
          data-testid="proof-crop"
          sx={{
            position: 'absolute',
            left: percent(crop.x),
            top: percent(crop.y),
            width: percent(crop.width),
            height: percent(crop.height),
            pointerEvents: 'none',
            boxSizing: 'border-box',
            border: '2px solid',
            borderColor: 'primary.main',
            boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.35)',
          }}
        />
      )}
    </Box>
  );
}
