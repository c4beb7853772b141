import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, ColorPicker, Divider, Form, Input, Skeleton, Space, Switch, Typography } from 'antd';
import { useFormik, type FormikProps } from 'formik';
import { FieldRow } from '../../../lib/forms/FieldRow';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { auctionSettingsSchema, toFormValues, toPatch, type AuctionSettingsValues } from './auction-settings-form';
import { AUCTION_SETTINGS, UPDATE_AUCTION_SETTINGS, type AuctionSettings } from './auction-settings.operations';
import { DEFAULT_HOURS_TEXT, ladderErrors } from './increment-ladder-form';
import { IncrementLadderTable } from './IncrementLadderTable';

type Formik = FormikProps<AuctionSettingsValues>;
type TextField = { [K in keyof AuctionSettingsValues]: AuctionSettingsValues[K] extends string ? K : never }[keyof AuctionSettingsValues];

/** One text input bound to formik, labelled, with its help line. */
function TextRow({
  formik,
  name,
  label,
  help,
  suffix,
}: {
  formik: Formik;
  name: TextField;
  label: string;
  help?: string;
  suffix?: string;
}) {
  const id = `auction-${name}`;
  return (
    <FieldRow formik={formik} name={name} label={label} htmlFor={id}>
      <Input
        id={id}
        inputMode={suffix ? 'decimal' : undefined}
        suffix={suffix}
        aria-describedby={help ? `${id}-help` : undefined}
        {...formik.getFieldProps(name)}
      />
      {help ? (
        <Typography.Text type="secondary" id={`${id}-help`} style={{ fontSize: 12 }}>
          {help}
        </Typography.Text>
      ) : null}
    </FieldRow>
  );
}

function SwitchRow({ formik, name, label }: { formik: Formik; name: 'reserveMeterEnabled' | 'bidHoldRequired'; label: string }) {
  const id = `auction-${name}`;
  return (
    <Form.Item label={label} htmlFor={id}>
      <Switch id={id} checked={formik.values[name]} onChange={(checked) => void formik.setFieldValue(name, checked)} />
    </Form.Item>
  );
}

/** The Bidding heading: the increment, sniper protection, the increment ladder and the ending reminders. */
function BiddingSection({ formik }: { formik: Formik }) {
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Bidding
      </Typography.Title>
      <TextRow
        formik={formik}
        name="bidMinimumIncrement"
        label="Minimum bid increment"
        suffix="per bid"
        help="A bid must beat the top bid by at least this much, on lots that set no increment of their own."
      />
      <TextRow
        formik={formik}
        name="sniperProtectionTime"
        label="Sniper protection (seconds)"
        help="A bid this close to the end pushes the end back by this long."
      />
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        Increment ladder
      </Typography.Title>
      <IncrementLadderTable formik={formik} />
      <TextRow
        formik={formik}
        name="ladderAbove"
        label="Increment above the last limit (optional)"
        suffix="per bid"
        help="Empty: above the last limit, the minimum bid increment applies."
      />
      <TextRow
        formik={formik}
        name="endingReminderHours"
        label="Ending reminders (hours before the end)"
        help={`Watchers and bidders are reminded this many hours before a lot ends, such as 24, 1. Empty: the default (${DEFAULT_HOURS_TEXT} hours).`}
      />
    </>
  );
}

/** The Reserve meter heading: whether lots show it, its fill colour (picker and hex) and the guide link. */
function ReserveMeterSection({ formik }: { formik: Formik }) {
  const colour = formik.values.reserveMeterFillColor;
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Reserve meter
      </Typography.Title>
      <SwitchRow formik={formik} name="reserveMeterEnabled" label="Show the reserve meter on lots" />
      <FieldRow formik={formik} name="reserveMeterFillColor" label="Fill colour (hex)" htmlFor="auction-reserveMeterFillColor">
        <Space.Compact>
          <ColorPicker
            value={/^#[0-9a-fA-F]{3,6}$/.test(colour) ? colour : undefined}
            disabledAlpha
            onChangeComplete={(value) => void formik.setFieldValue('reserveMeterFillColor', value.toHexString().toUpperCase())}
          />
          <Input id="auction-reserveMeterFillColor" style={{ width: 140 }} {...formik.getFieldProps('reserveMeterFillColor')} />
        </Space.Compact>
      </FieldRow>
      <TextRow formik={formik} name="reserveMeterPdfGuide" label="Reserve guide (PDF link, optional)" />
    </>
  );
}

function SettingsForm({ settings }: { settings: AuctionSettings }) {
  const [save] = useMutation(UPDATE_AUCTION_SETTINGS);
  const formik = useFormik<AuctionSettingsValues>({
    initialValues: toFormValues(settings),
    enableReinitialize: true,
    validationSchema: auctionSettingsSchema,
    // The ladder's rows are checked together (limits rise); formik merges these with the schema's messages.
    validate: (values) => ladderErrors(values),
    onSubmit: async (values) => {
      try {
        await save({ variables: { data: { auctionConfiguration: toPatch(values) } } });
        notify('success', 'Auction settings saved. New bids and schedules use them now.');
      } catch (error) {
        notify('error', serverError(error).message);
      }
    },
  });
  return (
    <Form
      layout="vertical"
      component="form"
      noValidate
      onFinish={() => formik.handleSubmit()}
      style={{ maxWidth: 640 }}
      data-testid="auction-settings-form"
    >
      <BiddingSection formik={formik} />
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Schedule and listing
      </Typography.Title>
      <TextRow
        formik={formik}
        name="dateRangeLimit"
        label="Auction length (days)"
        help="Every schedule runs exactly this many days (the date range limit)."
      />
      <TextRow formik={formik} name="displayLimit" label="Lots per page" help="How many lots the auction list shows at a time." />
      <Divider />
      <ReserveMeterSection formik={formik} />
      <Divider />
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Bid holds
      </Typography.Title>
      <SwitchRow formik={formik} name="bidHoldRequired" label="Bidders need a card hold before bidding" />
      <TextRow
        formik={formik}
        name="bidHoldAmount"
        label="Hold amount"
        help="Placed on the bidder's card per lot and released if they do not win."
      />
      <Divider />
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Other
      </Typography.Title>
      <TextRow formik={formik} name="host" label="Network host name (optional)" />
      <TextRow formik={formik} name="infographic" label="Infographic (image link, optional)" />
      <FieldRow formik={formik} name="information" label="Information for bidders (optional)" htmlFor="auction-information">
        <Input.TextArea id="auction-information" rows={3} {...formik.getFieldProps('information')} />
      </FieldRow>
      <Space>
        <Button type="primary" htmlType="submit" loading={formik.isSubmitting} disabled={!formik.dirty}>
          Save auction settings
        </Button>
        <Button onClick={() => formik.resetForm()} disabled={!formik.dirty || formik.isSubmitting}>
          Undo changes
        </Button>
      </Space>
    </Form>
  );
}

/** /cms/auction/configure (auctionEnabled): the brand's auction configuration, saved through updateConfigurationByBrand. */
export function CmsAuctionConfigure() {
  const { data, error } = useQuery(AUCTION_SETTINGS, { fetchPolicy: 'network-only' });
  return (
    <section aria-labelledby="cms-auction-configure-title" data-testid="cms-auction-configure">
      <Typography.Title level={1} id="cms-auction-configure-title" style={{ fontSize: 28 }}>
        Auction settings
      </Typography.Title>
      {error ? <Alert type="error" showIcon title={serverError(error).message} /> : null}
      {data ? <SettingsForm settings={data.configurationByBrand.auctionConfiguration} /> : error ? null : <Skeleton active />}
    </section>
  );
}
