import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { RichTextEditor } from '../../paddock/RichTextEditor';
import { slugOf } from './home-page';
import { CONTENT_PAGES, UPDATE_PAGE, type ContentPageRow } from './homepage.operations';

const NEW = '__new__';

/** Content pages by slug (shown at /page/{slug}): pick one or start a new one, edit title and body, save. */
export function ContentPagesSection() {
  const { data, error } = useQuery(CONTENT_PAGES, { fetchPolicy: 'cache-and-network' });
  const [update, { loading }] = useMutation(UPDATE_PAGE, { refetchQueries: [CONTENT_PAGES], awaitRefetchQueries: true });
  const [selected, setSelected] = useState<string>(NEW);
  const [draft, setDraft] = useState<Pick<ContentPageRow, 'slug' | 'title' | 'content'>>({ slug: '', title: '', content: '' });
  const [touched, setTouched] = useState(false);
  if (error) return <Alert type="error" showIcon title={serverError(error).message} />;
  const pick = (slug: string) => {
    setSelected(slug);
    setTouched(false);
    const page = data?.pages.find((entry) => entry.slug === slug);
    setDraft(page ? { slug: page.slug, title: page.title, content: page.content } : { slug: '', title: '', content: '' });
  };
  const slug = selected === NEW ? slugOf(draft.slug || draft.title) : selected;
  const missing = { slug: slug === '', title: draft.title.trim() === '' };
  const submit = async () => {
    setTouched(true);
    if (missing.slug || missing.title) return;
    try {
      await update({ variables: { slug, data: { title: draft.title.trim(), content: draft.content } } });
      setSelected(slug);
      notify('success', `Page /page/${slug} saved.`);
    } catch (failure) {
      notify('error', serverError(failure).message);
    }
  };
  const options = [
    { value: NEW, label: 'New page' },
    ...(data?.pages ?? []).map((page) => ({ value: page.slug, label: `${page.title} (/${page.slug})` })),
  ];
  return (
    <Form layout="vertical" component="div">
      <Form.Item label="Page" htmlFor="content-page-pick">
        <Select id="content-page-pick" style={{ maxWidth: 360 }} value={selected} onChange={pick} options={options} />
      </Form.Item>
      {selected === NEW ? (
        <Form.Item
          label="Address (slug)"
          htmlFor="content-page-slug"
          extra={slug ? `Shown at /page/${slug}` : 'Made from the title when empty'}
          validateStatus={touched && missing.slug ? 'error' : undefined}
        >
          <Input
            id="content-page-slug"
            style={{ maxWidth: 360 }}
            value={draft.slug}
            onChange={(event) => setDraft({ ...draft, slug: event.target.value })}
          />
        </Form.Item>
      ) : (
        <Typography.Paragraph>
          Shown at <Link to={`/page/${selected}`}>/page/{selected}</Link>
        </Typography.Paragraph>
      )}
      <Form.Item
        label="Title"
        htmlFor="content-page-title"
        required
        validateStatus={touched && missing.title ? 'error' : undefined}
        help={touched && missing.title ? 'Required' : undefined}
      >
        <Input id="content-page-title" value={draft.title} onChange={(event) => setDraft({ ...draft, title: event.target.value })} />
      </Form.Item>
      <Form.Item label="Body">
        <RichTextEditor
          id="content-page-body"
          label="Page body"
          value={draft.content}
          onChange={(content) => setDraft({ ...draft, content })}
        />
      </Form.Item>
      <Space>
        <Button type="primary" loading={loading} onClick={() => void submit()}>
          Save page
        </Button>
      </Space>
    </Form>
  );
}
