import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

interface PhotoFrameProps {
  /** The thumbnail's address; while there is none (not made yet, no photo), `placeholder` stands in its place. */
  src: string | null | undefined;
  alt: string;
  placeholder: ReactNode;
  /** The frame's proportions: a portrait's 4 / 5 unless the photo's own are known. */
  aspectRatio?: string;
  /** `contain` shows the whole photo; `cover` fills the frame (a grid's cards). */
  fit?: 'contain' | 'cover';
  /** The image's own size, which the browser reserves before it arrives. */
  width?: number;
  height?: number;
  /** Faded, as a photo left out. */
  dimmed?: boolean;
}

/** A photo's thumbnail in a grey frame of fixed proportions, loaded lazily, or what stands in for it. */
export function PhotoFrame({
  src,
  alt,
  placeholder,
  aspectRatio = '4 / 5',
  fit = 'contain',
  width,
  height,
  dimmed = false,
}: PhotoFrameProps) {
  return (
    <Box
      sx={{
        aspectRatio,
        bgcolor: 'grey.100',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          sx={{ width: '100%', height: '100%', objectFit: fit, display: 'block', opacity: dimmed ? 0.4 : 1 }}
        />
      ) : (
        placeholder
      )}
    </Box>
  );
}
