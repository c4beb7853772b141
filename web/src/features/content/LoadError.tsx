import { Button, Result } from 'antd';

/** A failed load with a Retry button (the content pages and the media module). */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      status="error"
      title="Something went wrong!"
      subTitle="The content could not be loaded."
      data-testid="load-error"
      extra={
        <Button type="primary" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
