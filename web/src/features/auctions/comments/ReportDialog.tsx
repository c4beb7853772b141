import { useMutation } from '@apollo/client/react';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { COMMENT_REPORT_REASONS, COMMENT_SUCCESS_MESSAGES } from '@trackside/contracts/errors/comment-error-codes';
import { FieldRow } from '../../../lib/forms/FieldRow';
import { notify } from '../../../lib/notify';
import { COMMENT_REPORT } from './comment.operations';

const REASON_LABELS: Record<(typeof COMMENT_REPORT_REASONS)[number], string> = {
  BAD_LANGAUGE: 'Bad language',
  DISCRIMINATION: 'Discrimination',
  OTHER: 'Other',
};

export const REPORT_FAILED = 'Failed to report. Please try again.';

const schema = yup.object({
  reason: yup.string().required('Please select a reason'),
  content: yup.string().trim().required('Please provide an explanation').max(1000),
});

export interface AbuseReport {
  reason: string;
  content: string;
}

/**
 * A report dialog (spec 001 section 5): a reason and an explanation, then the spec's outcome
 * messages. Comments and auctions are reportable; `send` makes the call for either.
 */
export function AbuseReportDialog({
  open,
  title,
  send,
  onClose,
}: {
  open: boolean;
  title: string;
  send: (report: AbuseReport) => Promise<unknown>;
  onClose: () => void;
}) {
  const formik = useFormik({
    initialValues: { reason: '', content: '' },
    validationSchema: schema,
    enableReinitialize: true,
    onSubmit: async (values, helpers) => {
      try {
        await send({ reason: values.reason, content: values.content.trim() });
        notify('success', COMMENT_SUCCESS_MESSAGES.reportMade);
        helpers.resetForm();
        onClose();
      } catch {
        notify('error', REPORT_FAILED);
      }
    },
  });
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden>
      <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate>
        <FieldRow formik={formik} name="reason" label="Reason">
          <Select
            id="reason"
            value={formik.values.reason || undefined}
            onChange={(value: string) => void formik.setFieldValue('reason', value)}
            options={COMMENT_REPORT_REASONS.map((reason) => ({ value: reason, label: REASON_LABELS[reason] }))}
            placeholder="Select a reason"
          />
        </FieldRow>
        <FieldRow formik={formik} name="content" label="Explanation">
          <Input.TextArea id="content" rows={4} {...formik.getFieldProps('content')} />
        </FieldRow>
        <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
          Report
        </Button>
      </Form>
    </Modal>
  );
}

/** The comment report dialog. */
export function ReportDialog({ commentId, relation, onClose }: { commentId: string | null; relation: string; onClose: () => void }) {
  const [report] = useMutation(COMMENT_REPORT);
  return (
    <AbuseReportDialog
      open={commentId !== null}
      title="Report comment"
      onClose={onClose}
      send={async ({ reason, content }) => {
        if (commentId) await report({ variables: { id: commentId, relation, reason, content } });
      }}
    />
  );
}
