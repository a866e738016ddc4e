import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@console/shared-sdk/router';

// The open modal of a list lives in the URL (`?view=ID`, `?edit=ID`, `?create`), so a reload or a shared
// link opens it again and Back closes it: opening pushes a history entry, closing goes back to it.

export type ModalTarget =
  { kind: 'view'; id: string } | { kind: 'edit'; id: string } | { kind: 'create' } | null;

const modalKeys = ['view', 'edit', 'create'] as const;

/** Marks the history entries a modal's opening pushed, so closing knows it can go back to the list. */
const pushedMarker = 'consoleModal';

export function readModal(params: URLSearchParams): ModalTarget {
  const view = params.get('view');
  if (view) return { kind: 'view', id: view };
  const edit = params.get('edit');
  if (edit) return { kind: 'edit', id: edit };
  if (params.has('create')) return { kind: 'create' };
  return null;
}

function withModal(params: URLSearchParams, target: ModalTarget): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of modalKeys) next.delete(key);
  if (target?.kind === 'create') next.set('create', '');
  else if (target) next.set(target.kind, target.id);
  return next;
}

export interface ModalLocation {
  target: ModalTarget;
  /** Opens a modal: a new history entry, or in place of the open one (view → edit). */
  open: (target: Exclude<ModalTarget, null>) => void;
  /** Back to the list: the entry before the modal when it pushed one, or the URL without it. */
  close: () => void;
}

export function useModalLocation(): ModalLocation {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const target = useMemo(() => readModal(params), [params]);
  const pushed =
    typeof location.state === 'object' &&
    location.state !== null &&
    Reflect.get(location.state, pushedMarker) === true;

  const open = useCallback(
    (next: Exclude<ModalTarget, null>) =>
      setParams(withModal(params, next), {
        replace: target !== null,
        state: { [pushedMarker]: pushed || target === null },
        preventScrollReset: true,
      }),
    [params, setParams, target, pushed],
  );
  const close = useCallback(() => {
    if (pushed) void navigate(-1);
    else setParams(withModal(params, null), { replace: true, preventScrollReset: true });
  }, [params, setParams, navigate, pushed]);

  return { target, open, close };
}
