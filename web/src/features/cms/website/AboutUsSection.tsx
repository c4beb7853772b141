import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { ABOUT_US } from '../../content/content.operations';
import { RichTextEditor } from '../../paddock/RichTextEditor';
import { UPDATE_ABOUT_US } from './homepage.operations';

/** The about-us page (/about-us): title and body. */
export function AboutUsSection() {
  const { data, loading, error } = useQuery(ABOUT_US, { fetchPolicy: 'network-only' });
  const [update, { loading: saving }] = useMutation(UPDATE_ABOUT_US, { refetchQueries: [ABOUT_US] });
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  useEffect(() => {
    setTitle(data?.aboutUsByBrand?.title ?? 'About us');
    setContent(data?.aboutUsByBrand?.content ?? '');
  }, [data]);
  if (error) return <Alert type="error" showIcon title={serverError(error).message} />;
  if (loading) return <Skeleton active />;
  const submit = async () => {
    try {
      await update({ variables: { data: { title: title.trim() || 'About us', content, image: data?.aboutUsByBrand?.image ?? null } } });
      notify('success', 'About us saved.');
    } catch (failure) {
      notify('error', serverError(failure).message);
    }
  };
  return (
    <Form layout="vertical" component="div">
      <Form.Item label="Title" htmlFor="about-title">
        <Input id="about-title" value={title} onChange={(event) => setTitle(event.target.value)} />
      </Form.Item>
      <Form.Item label="Body">
        <RichTextEditor id="about-body" label="About us body" value={content} onChange={setContent} />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void submit()}>
        Save about us
      </Button>
    </Form>
  );
}
