import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { FAQ_SECTIONS, type FaqSectionName } from '../../content/content.operations';
import { FAQS, UPDATE_FAQS, type Faq } from './website.operations';

const SECTION_LABELS: Record<FaqSectionName, string> = {
  home: 'Home',
  media: 'Media',
  paddock: 'Paddock',
  simracing: 'Sim racing',
  directory: 'Directory',
  auction: 'Auction',
  sellMyCar: 'Sell my car',
};

/** The FAQ sections (faqsByBrand): pick a section, edit its questions, save the section whole. */
export function FaqSection() {
  const [section, setSection] = useState<FaqSectionName>('home');
  const { data, error, refetch } = useQuery(FAQS, { fetchPolicy: 'network-only' });
  const [faqs, setFaqs] = useState<Faq[]>([]);
  const [update, { loading }] = useMutation(UPDATE_FAQS);
  useEffect(() => {
    if (data) setFaqs(data.faqsByBrand[section].map(({ question, answer }) => ({ question, answer })));
  }, [data, section]);
  if (error) return <Alert type="error" showIcon title={serverError(error).message} />;
  const set = (index: number, patch: Partial<Faq>) => setFaqs(faqs.map((faq, at) => (at === index ? { ...faq, ...patch } : faq)));
  const submit = async () => {
    const filled = faqs
      .map((faq) => ({ question: faq.question.trim(), answer: faq.answer.trim() }))
      .filter((faq) => faq.question && faq.answer);
    try {
      await update({ variables: { data: { section, faqs: filled } } });
      await refetch();
      notify('success', `${SECTION_LABELS[section]} FAQs saved.`);
    } catch (failure) {
      notify('error', serverError(failure).message);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Form layout="vertical" component="div">
        <Form.Item label="FAQ section" htmlFor="faq-section">
          <Select
            id="faq-section"
            value={section}
            onChange={setSection}
            style={{ maxWidth: 240 }}
            options={FAQ_SECTIONS.map((value) => ({ value, label: SECTION_LABELS[value] }))}
          />
        </Form.Item>
      </Form>
      {faqs.map((faq, index) => (
        <Card
          key={index}
          size="small"
          title={`Question ${index + 1}`}
          extra={
            <Button
              aria-label={`Remove question ${index + 1}`}
              icon={<DeleteOutlined />}
              onClick={() => setFaqs(faqs.filter((_, at) => at !== index))}
            />
          }
        >
          <Input
            aria-label={`Question ${index + 1}`}
            value={faq.question}
            onChange={(event) => set(index, { question: event.target.value })}
            style={{ marginBottom: 8 }}
          />
          <Input.TextArea
            aria-label={`Answer ${index + 1}`}
            value={faq.answer}
            autoSize={{ minRows: 2 }}
            onChange={(event) => set(index, { answer: event.target.value })}
          />
        </Card>
      ))}
      <Space wrap>
        <Button icon={<PlusOutlined />} onClick={() => setFaqs([...faqs, { question: '', answer: '' }])}>
          Add question
        </Button>
        <Button type="primary" loading={loading} onClick={() => void submit()}>
          Save FAQs
        </Button>
      </Space>
    </Space>
  );
}
