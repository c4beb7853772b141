import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** A signed-in user without the permission a /cms screen needs: never the 404. */
export function CmsAccessDenied() {
  return (
    <Result
      status="403"
      title="You don't have access to this page"
      subTitle="Ask an administrator of this site for the permission this page needs."
      extra={
        <Link to="/">
          <Button type="primary">Go to Home</Button>
        </Link>
      }
      data-testid="cms-access-denied"
    />
  );
}
