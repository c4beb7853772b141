import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Form, Input, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { AUCTION_MARKETPLACE, DEALER_SERVICE, DEALERSHIP_SOLUTION } from '../../content/pages.operations';
import { RichTextEditor } from '../../paddock/RichTextEditor';
import { DOCUMENT_FIELDS, readPath, toDocumentInput, writePath, type DocumentKind } from './content-documents';
import { UPDATE_DOCUMENT } from './homepage.operations';

const PAGES = {
  dealerService: { query: DEALER_SERVICE, path: '/dealer-services' },
  dealershipSolution: { query: DEALERSHIP_SOLUTION, path: '/dealer-services/dealership-solutions' },
  auctionMarketplace: { query: AUCTION_MARKETPLACE, path: '/dealer-services/auction-and-marketplace' },
} as const;

/** One dealer page: its texts edited in place, the rest of its document sent back unchanged. */
export function DealerPageSection({ kind }: { kind: DocumentKind }) {
  const { query, path } = PAGES[kind];
  const { data, loading, error } = useQuery(query as typeof DEALER_SERVICE, { fetchPolicy: 'network-only' });
  const [update, { loading: saving }] = useMutation(UPDATE_DOCUMENT[kind], { refetchQueries: [query] });
  const [document, setDocument] = useState<Record<string, unknown> | null>(null);
  useEffect(() => {
    const answer = (data as Record<string, unknown> | undefined)?.[kind];
    if (answer) setDocument(toDocumentInput(answer as Record<string, unknown>));
  }, [data, kind]);
  if (error) return <Alert type="error" showIcon title={serverError(error).message} />;
  if (loading || !document) return <Skeleton active />;
  const submit = async () => {
    try {
      await update({ variables: { data: document } });
      notify('success', 'Page saved.');
    } catch (failure) {
      notify('error', serverError(failure).message);
    }
  };
  return (
    <Form layout="vertical" component="div">
      <Typography.Paragraph>
        Shown at <Link to={path}>{path}</Link>
      </Typography.Paragraph>
      {DOCUMENT_FIELDS[kind].map((field) => {
        const id = `${kind}-${field.path.replace('.', '-')}`;
        const value = readPath(document, field.path);
        const change = (text: string) => setDocument(writePath(document, field.path, text));
        return field.rich ? (
          <Form.Item key={field.path} label={field.label}>
            <RichTextEditor id={id} label={field.label} value={value} onChange={change} />
          </Form.Item>
        ) : (
          <Form.Item key={field.path} label={field.label} htmlFor={id}>
            <Input id={id} value={value} onChange={(event) => change(event.target.value)} />
          </Form.Item>
        );
      })}
      <Button type="primary" loading={saving} onClick={() => void submit()}>
        Save page
      </Button>
    </Form>
  );
}
