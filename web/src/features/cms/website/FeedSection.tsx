import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Checkbox, Form, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { FEED_SETTINGS, UPDATE_FEED_SETTINGS } from './website.operations';

/** The brand event feed (auctionEnabled): on or off, and every event type or a chosen few (docs/events.md). */
export function FeedSection() {
  const { data, error } = useQuery(FEED_SETTINGS, { fetchPolicy: 'network-only' });
  const [update, { loading }] = useMutation(UPDATE_FEED_SETTINGS, { refetchQueries: [FEED_SETTINGS] });
  const [enabled, setEnabled] = useState(false);
  const [types, setTypes] = useState<string[] | null>(null);
  useEffect(() => {
    if (!data) return;
    setEnabled(data.feedSettings.enabled);
    setTypes(data.feedSettings.eventTypes);
  }, [data]);
  if (error) return <Alert type="error" showIcon title={serverError(error).message} />;
  const available = data?.feedSettings.availableEventTypes ?? [];
  const save = async () => {
    try {
      await update({ variables: { data: { enabled, eventTypes: types } } });
      notify('success', 'Event feed settings saved.');
    } catch (failure) {
      notify('error', serverError(failure).message);
    }
  };
  return (
    <Form layout="vertical" component="div">
      <Typography.Paragraph>Topic: {data?.feedSettings.topic ?? '…'}</Typography.Paragraph>
      <Form.Item label="Publish the brand's events" htmlFor="feed-enabled">
        <Switch id="feed-enabled" checked={enabled} onChange={setEnabled} />
      </Form.Item>
      <Form.Item label="Event types">
        <Space orientation="vertical">
          <Checkbox checked={types === null} onChange={(event) => setTypes(event.target.checked ? null : [...available])}>
            Every type, including types added later
          </Checkbox>
          {types !== null ? (
            <Checkbox.Group aria-label="Event types" value={types} onChange={(value) => setTypes(value as string[])} options={available} />
          ) : null}
        </Space>
      </Form.Item>
      <Button type="primary" loading={loading} onClick={() => void save()}>
        Save event feed
      </Button>
    </Form>
  );
}
