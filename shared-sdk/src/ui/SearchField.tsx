import { InputAdornment, TextField } from '@console/shared-sdk/mui';
import { useEffect, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';

export interface SearchFieldProps {
  value: string;
  /** Called once typing pauses for `delay` ms, with the trimmed text. */
  onSearch: (search: string) => void;
  placeholder: string;
  delay?: number;
}

/** The list's search box: one request per pause in typing, not one per key. */
export function SearchField({ value, onSearch, placeholder, delay = 300 }: SearchFieldProps) {
  const [text, setText] = useState(value);
  // The search changed from elsewhere (Back, a link): the box shows it. Its own search coming back is
  // the typed text already (perhaps with a trailing space the user is still typing after).
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (text.trim() !== value) setText(value);
  }
  useEffect(() => {
    const search = text.trim();
    if (search === value) return;
    const timer = setTimeout(() => onSearch(search), delay);
    return () => clearTimeout(timer);
  }, [text, value, onSearch, delay]);
  return (
    <TextField
      type="search"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={placeholder}
      // In a toolbar beside the filters: a line of its own on a phone, a fair share of one above.
      fullWidth={false}
      sx={{ flex: { xs: '1 1 100%', sm: '0 1 300px' }, minWidth: { sm: 240 } }}
      slotProps={{
        htmlInput: { 'aria-label': placeholder },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
