import { Alert, AlertTitle, Box, Button, CircularProgress, Stack } from '@console/shared-sdk/mui';
import { Component, useId, useState, type ReactNode } from 'react';

interface Props {
  /** Which part of the console this is, for the message (e.g. "Equipment"). */
  area: string;
  onRetry?: () => void;
  /** Told what failed (the remote's registry tells a version refusal from other failures). */
  onError?: (error: Error) => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps a failing remote inside its own area: the rest of the console goes on working. */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(`The ${this.props.area} area failed`, error);
    this.props.onError?.(error);
  }

  retry = () => {
    this.setState({ error: null });
    this.props.onRetry?.();
  };

  override render() {
    if (this.state.error) {
      return (
        <RemoteErrorPanel area={this.props.area} detail={this.state.error.message} onRetry={this.retry} />
      );
    }
    return this.props.children;
  }
}

/**
 * A part of the console that could not be loaded, said in words; the technical detail (for whoever
 * investigates) stays behind "Show details". While `retrying`, the button says so and cannot be pressed twice.
 */
export function RemoteErrorPanel({
  area,
  detail,
  onRetry,
  retrying = false,
  reason = 'Check your connection and try again. The rest of the console keeps working.',
}: {
  area: string;
  detail?: string;
  onRetry: () => void;
  retrying?: boolean;
  /** What the user can make of it; by default, a connection problem. */
  reason?: string;
}) {
  const [showDetail, setShowDetail] = useState(false);
  const detailId = useId();
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={onRetry}
          disabled={retrying}
          startIcon={retrying ? <CircularProgress color="inherit" size={14} aria-hidden /> : undefined}
        >
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      }
    >
      <AlertTitle>{area} could not be loaded</AlertTitle>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <span>{reason}</span>
        {detail && (
          <>
            <Button
              size="small"
              color="inherit"
              sx={{ px: 0, textDecoration: 'underline' }}
              aria-expanded={showDetail}
              aria-controls={detailId}
              onClick={() => setShowDetail((shown) => !shown)}
            >
              {showDetail ? 'Hide details' : 'Show details'}
            </Button>
            <Box
              component="code"
              id={detailId}
              hidden={!showDetail}
              sx={{ whiteSpace: 'pre-wrap', fontSize: '0.8rem', '&:not([hidden])': { display: 'block' } }}
            >
              {detail}
            </Box>
          </>
        )}
      </Stack>
    </Alert>
  );
}
