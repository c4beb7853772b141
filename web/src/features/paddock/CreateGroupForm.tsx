import { useMutation } from '@apollo/client/react';
import { Button, Form, Input, Select } from 'antd';
import { useFormik } from 'formik';
import { serverError } from '../../lib/errors';
import { FieldRow } from '../../lib/forms/FieldRow';
import { notify } from '../../lib/notify';
import { GROUP_MESSAGES, groupSchema, listingOptions, REFETCH } from './listing-groups';
import { CREATE_LISTING_GROUP, type CheckoutListing } from './paddock-checkout.operations';

/** The Create a group form: name, description and some of the user's listings (createListingGroup). */
export function CreateGroupForm({ listings }: { listings: CheckoutListing[] }) {
  const [create] = useMutation(CREATE_LISTING_GROUP, { refetchQueries: REFETCH, awaitRefetchQueries: true });
  const formik = useFormik({
    initialValues: { name: '', description: '', listings: [] as string[] },
    validationSchema: groupSchema,
    onSubmit: async (values, helpers) => {
      try {
        await create({
          variables: { data: { name: values.name.trim(), description: values.description.trim() || null, listings: values.listings } },
        });
        notify('success', GROUP_MESSAGES.created);
        helpers.resetForm();
      } catch (error) {
        // A failed save keeps everything typed; the server's message is the toast.
        notify('error', serverError(error).message);
      }
    },
  });
  return (
    <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate>
      <FieldRow formik={formik} name="name" label="Name" htmlFor="group-name" required>
        <Input id="group-name" name="name" value={formik.values.name} onChange={formik.handleChange} onBlur={formik.handleBlur} />
      </FieldRow>
      <FieldRow formik={formik} name="description" label="Description" htmlFor="group-description">
        <Input.TextArea
          id="group-description"
          name="description"
          rows={3}
          value={formik.values.description}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
        />
      </FieldRow>
      <FieldRow formik={formik} name="listings" label="Listings" htmlFor="group-listings" required>
        <Select
          id="group-listings"
          mode="multiple"
          placeholder="Choose your listings"
          value={formik.values.listings}
          onChange={(value: string[]) => void formik.setFieldValue('listings', value)}
          onBlur={() => void formik.setFieldTouched('listings', true)}
          options={listingOptions(listings)}
          optionFilterProp="label"
        />
      </FieldRow>
      <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
        Create group
      </Button>
    </Form>
  );
}
