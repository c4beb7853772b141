import { useQuery } from '@apollo/client/react';
import { Alert, Button, Descriptions, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import './tools.css';
import { formatInstant } from '../dispute/timeline';
import { CAPTURED_EMAILS, type EmailMessage } from './tools.operations';

const PAGE = 20;
const STATUS_COLOUR: Record<string, string> = { captured: 'blue', pending: 'gold', sent: 'green', failed: 'red' };

/** The links of an email's HTML (or text), to copy: a local install reads its confirmation links here. */
export function linksOf(email: Pick<EmailMessage, 'html' | 'text'>): string[] {
  const found = new Set<string>();
  if (email.html)
    for (const anchor of new DOMParser().parseFromString(email.html, 'text/html').querySelectorAll('a[href]')) {
      const href = anchor.getAttribute('href') ?? '';
      if (/^https?:\/\//i.test(href)) found.add(href);
    }
  for (const match of (email.text ?? '').matchAll(/https?:\/\/[^\s<>"']+/g)) found.add(match[0]);
  return [...found];
}

/**
 * The rendered email in a sandboxed frame: the HTML comes from our own templates, yet it holds
 * user-typed text (names, messages), so `sandbox=""` runs no script, submits no form and gives the
 * frame no access to this origin. Its links open nothing (a base target of a new window, which the
 * sandbox forbids): following a confirmation link from here would confirm someone's account by
 * accident; the links are listed below the frame to copy instead.
 */
export function EmailPreview({ email }: { email: EmailMessage }) {
  const links = linksOf(email);
  return (
    <>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="To">{email.to}</Descriptions.Item>
        <Descriptions.Item label="From">{email.from}</Descriptions.Item>
        {email.replyTo ? <Descriptions.Item label="Reply to">{email.replyTo}</Descriptions.Item> : null}
        <Descriptions.Item label="Subject">{email.subject}</Descriptions.Item>
        <Descriptions.Item label="Template">{email.template}</Descriptions.Item>
        <Descriptions.Item label="Status">
          {email.status} · {email.attempts} attempt(s){email.lastError ? ` · ${email.lastError}` : ''}
        </Descriptions.Item>
      </Descriptions>
      {email.html ? (
        <iframe
          title={`Email preview: ${email.subject}`}
          sandbox=""
          srcDoc={`<base target="_blank">${email.html}`}
          data-testid="email-preview"
          style={{ width: '100%', height: 420, border: '1px solid rgba(128,128,128,0.3)', marginTop: 12, background: '#fff' }}
        />
      ) : email.text ? (
        <pre style={{ whiteSpace: 'pre-wrap', marginTop: 12 }}>{email.text}</pre>
      ) : (
        <Typography.Paragraph style={{ marginTop: 12 }}>The body is cleared once an email is delivered.</Typography.Paragraph>
      )}
      {links.length > 0 ? (
        <div style={{ marginTop: 12 }} data-testid="email-links">
          <Typography.Text strong>Links in this email</Typography.Text>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {links.map((link) => (
              <li key={link}>
                <Typography.Text copyable className="ts-tools-json">
                  {link}
                </Typography.Text>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** The outgoing email outbox, newest first: what was sent (or captured, locally) to whom. */
export function EmailOutbox() {
  const [page, setPage] = useState(1);
  const [to, setTo] = useState<string | null>(null);
  const [open, setOpen] = useState<EmailMessage | null>(null);
  const { data, loading, error } = useQuery(CAPTURED_EMAILS, {
    variables: { start: (page - 1) * PAGE, limit: PAGE, to },
    fetchPolicy: 'cache-and-network',
  });
  const emails = data?.capturedEmails.emails ?? [];
  return (
    <section aria-label="Email outbox" data-testid="tools-outbox">
      <Typography.Paragraph>
        Every email the site sends, newest first. On a local install without a mail provider the emails are only captured here: open one to
        read it (confirmation links included).
      </Typography.Paragraph>
      <div className="ts-tools-field">
        <label htmlFor="outbox-to">Recipient</label>
        <Input.Search
          id="outbox-to"
          placeholder="Email address"
          allowClear
          enterButton="Filter"
          onSearch={(value) => {
            setPage(1);
            setTo(value.trim() || null);
          }}
        />
      </div>
      {error ? <Alert type="error" showIcon title={error.message} /> : null}
      <ScrollableTable<EmailMessage>
        label="Emails"
        rowKey="id"
        size="small"
        loading={loading && !data}
        dataSource={emails}
        pagination={{ current: page, pageSize: PAGE, total: data?.capturedEmails.count ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: 'Created', dataIndex: 'createdAt', render: (value: string) => formatInstant(value) },
          { title: 'To', dataIndex: 'to' },
          { title: 'Subject', dataIndex: 'subject' },
          { title: 'Template', dataIndex: 'template' },
          { title: 'Status', dataIndex: 'status', render: (value: string) => <Tag color={STATUS_COLOUR[value]}>{value}</Tag> },
          {
            title: 'Email',
            key: 'open',
            render: (_: unknown, email: EmailMessage) => (
              <Button size="small" onClick={() => setOpen(email)} aria-label={`Open the email to ${email.to}: ${email.subject}`}>
                Open
              </Button>
            ),
          },
        ]}
      />
      <Modal open={open !== null} onCancel={() => setOpen(null)} footer={null} title={open?.subject ?? 'Email'} width={760} destroyOnHidden>
        {open ? <EmailPreview email={open} /> : null}
      </Modal>
    </section>
  );
}
