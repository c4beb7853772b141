import { useQuery } from '@apollo/client/react';
import { Alert, Button, Form, Input, Skeleton, Switch, Table, Typography } from 'antd';
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { serverError } from '../../../lib/errors';
import { groupDeploymentPatch, hasErrors, partnerErrors, type PartnerErrors } from './group-deployment-form';
import { GROUP_DEPLOYMENT, type GroupPartner } from './group-deployment.operations';
import { useSaveConfiguration } from './use-save-configuration';

type Row = GroupPartner & { key: number };

/** The partners' table: brand id, name and site URL inputs (with their errors once checked) and Remove. */
function PartnersTable({ rows, errors, setRows }: { rows: Row[]; errors: PartnerErrors[]; setRows: Dispatch<SetStateAction<Row[]>> }) {
  const edit = (key: number, field: keyof GroupPartner, value: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const cell = (field: keyof GroupPartner, label: string) => (_: unknown, row: Row, index: number) => {
    const message = errors[index]?.[field];
    return (
      <Form.Item validateStatus={message ? 'error' : undefined} help={message} style={{ marginBottom: 0 }}>
        <Input
          aria-label={`${label}, partner ${index + 1}`}
          value={row[field]}
          status={message ? 'error' : undefined}
          onChange={(event) => edit(row.key, field, event.target.value)}
        />
      </Form.Item>
    );
  };

  return (
    <Table<Row>
      aria-label="Partner brands"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: 'No partner brands' }}
      columns={[
        { title: 'Brand id', key: 'brand', render: cell('brand', 'Brand id') },
        { title: 'Name', key: 'name', render: cell('name', 'Name') },
        { title: 'Site URL', key: 'siteUrl', render: cell('siteUrl', 'Site URL') },
        {
          title: 'Actions',
          key: 'actions',
          render: (_: unknown, row: Row, index: number) => (
            <Button danger onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}>
              Remove partner {index + 1}
            </Button>
          ),
        },
      ]}
    />
  );
}

/**
 * Partner brands (superAdmin; issue 24 item 26, docs/decisions.md "Partner-brand hand-off"): when
 * on, Bid Now on a network lot owned by a listed partner sends the bidder to the partner's lot page.
 */
export function GroupDeploymentSection() {
  const { data, error } = useQuery(GROUP_DEPLOYMENT, { fetchPolicy: 'no-cache' });
  const { save, saving } = useSaveConfiguration();
  const [enabled, setEnabled] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const [nextKey, setNextKey] = useState(0);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (!data) return;
    const group = data.configurationByBrand.groupDeployment;
    setEnabled(group.enabled);
    setRows(group.partners.map((partner, key) => ({ ...partner, key })));
    setNextKey(group.partners.length);
  }, [data]);
  if (error) return <Alert type="error" showIcon title={serverError(error).message} />;
  if (!data) return <Skeleton active />;

  const errors: PartnerErrors[] = checked ? partnerErrors(rows) : rows.map(() => ({}));
  const add = () => {
    setRows((current) => [...current, { key: nextKey, brand: '', name: '', siteUrl: '' }]);
    setNextKey(nextKey + 1);
  };
  const submit = async () => {
    setChecked(true);
    if (hasErrors(partnerErrors(rows))) return;
    await save(
      groupDeploymentPatch({ enabled, partners: rows.map(({ brand, name, siteUrl }) => ({ brand, name, siteUrl })) }),
      'Partner brands saved.',
    );
  };
  return (
    <Form layout="vertical" component="div" data-testid="cms-group-deployment">
      <Typography.Paragraph>
        A group deployment sends bidders on a partner brand&apos;s network lots to that partner&apos;s own lot page instead of taking their
        bids here.
      </Typography.Paragraph>
      <Form.Item label="Group deployment (hand partners' lots off to their sites)" htmlFor="group-deployment-enabled">
        <Switch id="group-deployment-enabled" checked={enabled} onChange={setEnabled} />
      </Form.Item>
      <PartnersTable rows={rows} errors={errors} setRows={setRows} />
      <Button onClick={add} style={{ marginTop: 12 }}>
        Add partner
      </Button>
      <div style={{ marginTop: 16 }}>
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          Save partner brands
        </Button>
      </div>
    </Form>
  );
}
