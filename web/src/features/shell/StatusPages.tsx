import { Button, Result, Spin } from 'antd';
import { Link } from 'react-router';

/** The maintenance screen (spec 000 section 2), wording kept exactly. */
export function MaintenancePage() {
  return (
    <Result
      status="warning"
      title="Sorry! Our site is we're currently down for maintenance."
      subTitle="We'll be back shortly!"
      data-testid="maintenance"
    />
  );
}

/** The generic error page: title 'Error', subtitle 'Something went wrong!', a Go to Home button. */
export function ErrorPage() {
  return (
    <Result
      status="error"
      title="Error"
      subTitle="Something went wrong!"
      extra={
        <Button type="primary" href="/">
          Go to Home
        </Button>
      }
    />
  );
}

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="Sorry, the page you visited does not exist."
      extra={
        <Link to="/">
          <Button type="primary">Go to Home</Button>
        </Link>
      }
    />
  );
}

export function FullScreenLoader() {
  return (
    <div className="ts-full-loader" role="status" aria-label="Loading">
      <Spin size="large" />
    </div>
  );
}
