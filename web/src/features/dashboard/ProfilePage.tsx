import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Avatar, Button, Card, Col, Form, Input, Row, Skeleton, Space, Typography, Upload } from 'antd';
import { useFormik, type FormikProps } from 'formik';
import { useState } from 'react';
import { serverError } from '../../lib/errors';
import { FieldRow } from '../../lib/forms/FieldRow';
import { notify } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import { session } from '../../lib/session';
import { useBrand } from '../brand';
import { MY_PROFILE, UPDATE_PROFILE, type Profile } from './dashboard.operations';
import { PROFILE_MESSAGES, passwordSchema, profileSchema } from './dashboard-schema';
import { restPut, uploadOne } from './rest-put';

const SOCIAL = ['facebook', 'twitter', 'instagram', 'linkedin', 'youtube'] as const;

function initialValues(profile: Profile) {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    username: profile.username,
    phone: profile.phone ?? '',
    website: profile.website ?? '',
    bio: profile.bio ?? '',
    address1: profile.address?.address1 ?? '',
    address2: profile.address?.address2 ?? '',
    city: profile.address?.city ?? '',
    state: profile.address?.state ?? '',
    country: profile.address?.country ?? '',
    postal: profile.address?.postal ?? '',
    facebook: profile.socialLinks?.facebook ?? '',
    twitter: profile.socialLinks?.twitter ?? '',
    instagram: profile.socialLinks?.instagram ?? '',
    linkedin: profile.socialLinks?.linkedin ?? '',
    youtube: profile.socialLinks?.youtube ?? '',
  };
}

/** /dashboard: the profile (spec 002 section 5), the avatar and the password change. */
export function ProfilePage() {
  const { data, loading, error } = useQuery(MY_PROFILE, { fetchPolicy: 'cache-and-network' });
  if (error) return <Alert type="error" showIcon title={serverError(error).message} />;
  if (loading && !data) return <Skeleton active />;
  if (!data) return null;
  return (
    <>
      <Typography.Title>Profile</Typography.Title>
      <ProfileForm key={data.meFull.id} profile={data.meFull} />
      <PasswordForm />
    </>
  );
}

type ProfileValues = ReturnType<typeof initialValues>;
type ProfileFormik = FormikProps<ProfileValues>;

/** The form's values as the profile update: trimmed, an empty optional text becomes null. */
function profileData(values: ProfileValues) {
  const text = (value: string) => value.trim() || null;
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    username: values.username.trim(),
    phone: text(values.phone),
    website: text(values.website),
    bio: text(values.bio),
    address: {
      address1: text(values.address1),
      address2: text(values.address2),
      city: text(values.city),
      state: text(values.state),
      country: text(values.country),
      postal: text(values.postal),
    },
    socialLinks: Object.fromEntries(SOCIAL.map((key) => [key, text(values[key])])),
  };
}

function ProfileForm({ profile }: { profile: Profile }) {
  const [updateUser] = useMutation(UPDATE_PROFILE);
  const [failure, setFailure] = useState<string | null>(null);
  const formik = useFormik({
    initialValues: initialValues(profile),
    validationSchema: profileSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        await updateUser({ variables: { id: profile.id, data: profileData(values) } });
        notify('success', PROFILE_MESSAGES.saved);
      } catch (caught) {
        setFailure(serverError(caught).message || PROFILE_MESSAGES.saveError);
      }
    },
  });
  return (
    <Card title="Your details" style={{ marginBottom: 24 }}>
      <ProfileAvatar profile={profile} />
      {failure ? <Alert type="error" showIcon role="alert" title={failure} className="ts-form-notice" /> : null}
      <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate data-testid="profile-form">
        <ProfileDetailsFields formik={formik} profile={profile} />
        <ProfileAddressFields formik={formik} />
        <ProfileSocialFields formik={formik} />
        <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
          Save profile
        </Button>
      </Form>
    </Card>
  );
}

/** The avatar and its Change avatar button: the chosen image is uploaded and saved at once. */
function ProfileAvatar({ profile }: { profile: Profile }) {
  const { config } = useBrand();
  const [updateUser] = useMutation(UPDATE_PROFILE);
  const [avatarBusy, setAvatarBusy] = useState(false);
  const avatarUrl = typeof profile.avatar?.url === 'string' ? profile.avatar.url : undefined;
  return (
    <Space align="center" style={{ marginBottom: 16 }}>
      <Avatar size={72} src={avatarUrl} icon={<UserOutlined />} alt={`${profile.username} avatar`} />
      <Upload
        accept=".jpg,.jpeg,.png"
        showUploadList={false}
        beforeUpload={(file) => {
          void (async () => {
            setAvatarBusy(true);
            try {
              const stored = await uploadOne(file, config.brand);
              await updateUser({ variables: { id: profile.id, data: { avatar: stored } } });
              notify('success', PROFILE_MESSAGES.saved);
            } catch (caught) {
              notify('error', caught instanceof RestError ? caught.message : PROFILE_MESSAGES.avatarError);
            } finally {
              setAvatarBusy(false);
            }
          })();
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={avatarBusy}>
          Change avatar
        </Button>
      </Upload>
    </Space>
  );
}

/** A text field of the profile form with its message beside it. */
function profileField(formik: ProfileFormik, name: keyof ProfileValues, label: string) {
  return (
    <FieldRow formik={formik} name={name} label={label}>
      <Input id={name} {...formik.getFieldProps(name)} />
    </FieldRow>
  );
}

/** Names, the email (not editable here), phone, website and bio. */
function ProfileDetailsFields({ formik, profile }: { formik: ProfileFormik; profile: Profile }) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        {profileField(formik, 'firstName', 'First name')}
      </Col>
      <Col xs={24} md={8}>
        {profileField(formik, 'lastName', 'Last name')}
      </Col>
      <Col xs={24} md={8}>
        {profileField(formik, 'username', 'Display name')}
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Email" htmlFor="profileEmail">
          <Input id="profileEmail" value={profile.email ?? ''} disabled />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        {profileField(formik, 'phone', 'Phone')}
      </Col>
      <Col xs={24} md={8}>
        {profileField(formik, 'website', 'Website')}
      </Col>
      <Col xs={24}>
        <FieldRow formik={formik} name="bio" label="Bio">
          <Input.TextArea id="bio" rows={3} {...formik.getFieldProps('bio')} />
        </FieldRow>
      </Col>
    </Row>
  );
}

function ProfileAddressFields({ formik }: { formik: ProfileFormik }) {
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 18 }}>
        Address
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {profileField(formik, 'address1', 'Address line 1')}
        </Col>
        <Col xs={24} md={12}>
          {profileField(formik, 'address2', 'Address line 2')}
        </Col>
        <Col xs={24} md={6}>
          {profileField(formik, 'city', 'City')}
        </Col>
        <Col xs={24} md={6}>
          {profileField(formik, 'state', 'State')}
        </Col>
        <Col xs={24} md={6}>
          {profileField(formik, 'country', 'Country')}
        </Col>
        <Col xs={24} md={6}>
          {profileField(formik, 'postal', 'Postal code')}
        </Col>
      </Row>
    </>
  );
}

function ProfileSocialFields({ formik }: { formik: ProfileFormik }) {
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 18 }}>
        Social links
      </Typography.Title>
      <Row gutter={16}>
        {SOCIAL.map((key) => (
          <Col xs={24} md={12} key={key}>
            {profileField(formik, key, key.charAt(0).toUpperCase() + key.slice(1))}
          </Col>
        ))}
      </Row>
    </>
  );
}

function PasswordForm() {
  const { config } = useBrand();
  const [failure, setFailure] = useState<string | null>(null);
  const formik = useFormik({
    initialValues: { currentPassword: '', password: '', passwordConfirmation: '' },
    validationSchema: passwordSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        const answer = await restPut<{ jwt?: string }>('/users/changePassword', values, config.brand);
        // The change ends every session (issue 18, M5); the answer's token continues this one.
        const userId = session.userId();
        if (answer?.jwt && userId) session.signIn(answer.jwt, userId);
        notify('success', PROFILE_MESSAGES.passwordChanged);
        helpers.resetForm();
      } catch (caught) {
        setFailure(caught instanceof RestError && caught.message ? caught.message : PROFILE_MESSAGES.passwordError);
      }
    },
  });
  return (
    <Card title="Change password">
      {failure ? <Alert type="error" showIcon role="alert" title={failure} className="ts-form-notice" /> : null}
      <Form layout="vertical" onFinish={() => formik.handleSubmit()} noValidate style={{ maxWidth: 420 }}>
        <FieldRow formik={formik} name="currentPassword" label="Current password">
          <Input.Password id="currentPassword" autoComplete="current-password" {...formik.getFieldProps('currentPassword')} />
        </FieldRow>
        <FieldRow formik={formik} name="password" label="New password">
          <Input.Password id="password" autoComplete="new-password" {...formik.getFieldProps('password')} />
        </FieldRow>
        <FieldRow formik={formik} name="passwordConfirmation" label="Confirm new password">
          <Input.Password id="passwordConfirmation" autoComplete="new-password" {...formik.getFieldProps('passwordConfirmation')} />
        </FieldRow>
        <Button htmlType="submit" loading={formik.isSubmitting}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
