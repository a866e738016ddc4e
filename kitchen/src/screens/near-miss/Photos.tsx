import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { CameraButton } from '../../ui/CameraButton';
import type { KeptPhoto } from './near-miss-calls';

/** A photo of the form: what will be kept, and where its preview is drawn from. */
export interface FormPhoto extends KeptPhoto {
  url: string;
}

/** Previews of the photos taken, each as an object URL let go when it leaves. */
export function usePhotoPreviews() {
  const [photos, setPhotos] = useState<FormPhoto[]>([]);
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const kept = urls.current;
    return () => {
      for (const url of kept) URL.revokeObjectURL(url);
    };
  }, []);
  const add = (files: File[]) => {
    const added = files.map((file) => {
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      return { blob: file, name: file.name || 'photo.jpg', url };
    });
    setPhotos((before) => [...before, ...added]);
  };
  const remove = (url: string) => {
    URL.revokeObjectURL(url);
    urls.current.delete(url);
    setPhotos((before) => before.filter((photo) => photo.url !== url));
  };
  const clear = () => {
    for (const url of urls.current) URL.revokeObjectURL(url);
    urls.current.clear();
    setPhotos([]);
  };
  return { photos, add, remove, clear };
}

/** The camera (a file input asking for the back camera), up to `max` photos, each shown and removable. */
export function Photos({
  photos,
  max,
  onAdd,
  onRemove,
}: {
  photos: FormPhoto[];
  max: number;
  onAdd: (files: File[]) => void;
  onRemove: (url: string) => void;
}) {
  const { t } = useTranslation();
  const room = max - photos.length;
  return (
    <Stack spacing={1}>
      <Typography sx={{ fontWeight: 600 }}>{t('nearMiss.photos', { count: photos.length, max })}</Typography>
      {photos.length > 0 && (
        <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {photos.map((photo, index) => (
            <Box component="li" key={photo.url} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={photo.url}
                alt={t('nearMiss.photoAlt', { number: index + 1 })}
                sx={{ width: 112, height: 112, objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
              <IconButton
                aria-label={t('nearMiss.removePhoto', { number: index + 1 })}
                onClick={() => onRemove(photo.url)}
                sx={{
                  position: 'absolute',
                  top: 0,
                  right: 0,
                  bgcolor: 'background.paper',
                  '&:hover': { bgcolor: 'background.paper' },
                }}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <CameraButton
        label={room > 0 ? t('nearMiss.takePhoto') : t('nearMiss.photosFull', { max })}
        onPhotos={onAdd}
        multiple
        max={room}
        disabled={room <= 0}
      />
    </Stack>
  );
}
