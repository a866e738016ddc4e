import { useRef } from 'react';
import Button from '@mui/material/Button';
import CameraIcon from '@mui/icons-material/PhotoCamera';

/**
 * A button that opens the camera (a file input asking for the back one; a gallery where there is no camera)
 * and hands over the photos taken, at most `max`.
 */
export function CameraButton({
  label,
  onPhotos,
  multiple = false,
  max = multiple ? Infinity : 1,
  disabled,
}: {
  label: string;
  onPhotos: (photos: File[]) => void;
  multiple?: boolean;
  max?: number;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<CameraIcon />}
        onClick={() => input.current?.click()}
        disabled={disabled ?? false}
        sx={{ alignSelf: 'flex-start' }}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        multiple={multiple}
        hidden
        aria-label={label}
        onChange={(event) => {
          const photos = [...(event.target.files ?? [])].slice(0, max);
          if (photos.length > 0) onPhotos(photos);
          event.target.value = '';
        }}
      />
    </>
  );
}
