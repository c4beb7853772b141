import { Alert, Button, Form, Row, Typography } from 'antd';
import {
  DirectoryAddressFields,
  DirectoryContactFields,
  DirectoryFeaturedFields,
  DirectoryHoursFields,
  DirectoryTosField,
} from './DirectoryFormFields';
import { useDirectoryForm, type DirectoryFormProps } from './use-directory-form';

/**
 * The directory form (spec 002 sections 2 and 5) for a plan: every field with its message beside it;
 * social links, video link and image only for featured plans; nothing typed is lost on a failed save.
 */
export function DirectoryForm({ entry, plan, featured, onSaved }: DirectoryFormProps) {
  const { formik, failure, image } = useDirectoryForm({ entry, plan, featured, onSaved });
  return (
    <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate className="ts-directory-form" data-testid="directory-form">
      {failure ? <Alert type="error" showIcon role="alert" title={failure} className="ts-form-notice" /> : null}
      <Row gutter={16}>
        <DirectoryContactFields formik={formik} featured={featured} />
        <DirectoryAddressFields formik={formik} />
      </Row>

      <DirectoryHoursFields formik={formik} />

      {featured ? <DirectoryFeaturedFields formik={formik} image={image} /> : null}

      {!entry ? <DirectoryTosField formik={formik} /> : null}
      <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
        {entry ? 'Save' : 'Submit'}
      </Button>
      {formik.submitCount > 0 && !formik.isValid ? (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8 }}>
          Please fix the fields marked above.
        </Typography.Paragraph>
      ) : null}
    </Form>
  );
}
