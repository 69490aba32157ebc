import { Alert, Box } from '@mui/material';
import { Component, type ReactNode } from 'react';

interface Props {
  message: string;
  /** A new key (the next page) clears the error. */
  resetKey: string;
  children: ReactNode;
}

/** Keeps the layout usable when a screen throws (e.g. a chunk that cannot load even after the reload). */
export class ErrorBoundary extends Component<Props, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{this.props.message}</Alert>
      </Box>
    );
  }
}
