import { Alert, AlertTitle, Button, Stack } from '@console/shared-sdk/mui';
import { Component, type ReactNode } from 'react';

interface Props {
  /** Which part of the console this is, for the message. */
  area: string;
  onRetry?: () => void;
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

export function RemoteErrorPanel({
  area,
  detail,
  onRetry,
}: {
  area: string;
  detail?: string;
  onRetry: () => void;
}) {
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      <AlertTitle>This part of the console could not be loaded</AlertTitle>
      <Stack spacing={0.5}>
        <span>
          {area} is not available right now. The rest of the console keeps working; try again in a moment.
        </span>
        {detail && <small>{detail}</small>}
      </Stack>
    </Alert>
  );
}
