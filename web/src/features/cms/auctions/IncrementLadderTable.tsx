import { Button, Form, Input, Table, Typography } from 'antd';
import { getIn, type FormikProps } from 'formik';
import type { AuctionSettingsValues } from './auction-settings-form';
import { MAX_LADDER_ROWS, type LadderRowValues } from './increment-ladder-form';

type Formik = FormikProps<AuctionSettingsValues>;
/** A row with its position: the position is its key, so typing never remounts the row's inputs. */
type Row = LadderRowValues & { index: number };

/** A row's field message once the field was touched or a save was tried (formik marks all touched then). */
function messageOf(formik: Formik, path: string): string | undefined {
  const error: unknown = getIn(formik.errors, path);
  const shown = getIn(formik.touched, path) || formik.submitCount > 0;
  return shown && typeof error === 'string' ? error : undefined;
}

function CellInput({ formik, index, field, label }: { formik: Formik; index: number; field: keyof LadderRowValues; label: string }) {
  const path = `ladder.${index}.${field}`;
  const message = messageOf(formik, path);
  const id = `auction-ladder-${index}-${field}`;
  return (
    <Form.Item validateStatus={message ? 'error' : undefined} help={message} style={{ marginBottom: 0 }} htmlFor={id}>
      <Input id={id} aria-label={label} inputMode="decimal" {...formik.getFieldProps(path)} />
    </Form.Item>
  );
}

/**
 * The brand's increment ladder as an editable table (issue 21, docs/proxy-bidding.md "Increments"):
 * one row per band, "below <price>: <increment>"; the increment above the last limit is the
 * form's next field. Rows are kept in the order typed: the rule is that limits rise, and the
 * message says which row breaks it rather than the table re-sorting under the cursor.
 */
export function IncrementLadderTable({ formik }: { formik: Formik }) {
  const rows = formik.values.ladder;
  const setRows = (next: LadderRowValues[]) => void formik.setFieldValue('ladder', next);
  const columns = [
    {
      title: 'Bids below',
      key: 'below',
      render: (_: unknown, { index }: Row) => (
        <CellInput formik={formik} index={index} field="below" label={`Band ${index + 1}: bids below`} />
      ),
    },
    {
      title: 'Increment',
      key: 'increment',
      render: (_: unknown, { index }: Row) => (
        <CellInput formik={formik} index={index} field="increment" label={`Band ${index + 1}: increment`} />
      ),
    },
    {
      title: <span className="ts-visually-hidden">Remove</span>,
      key: 'remove',
      width: 100,
      render: (_: unknown, { index }: Row) => (
        <Button onClick={() => setRows(rows.filter((_row, at) => at !== index))} aria-label={`Remove band ${index + 1}`}>
          Remove
        </Button>
      ),
    },
  ];
  return (
    <div data-testid="increment-ladder">
      <Typography.Paragraph type="secondary" id="increment-ladder-help">
        Bigger prices can ask for bigger steps: below each limit, a bid must beat the top bid by that band&apos;s increment. With no bands,
        the minimum bid increment above applies at every price. A lot with an increment of its own keeps it.
      </Typography.Paragraph>
      {rows.length > 0 ? (
        <Table<Row>
          size="small"
          pagination={false}
          rowKey="index"
          columns={columns}
          dataSource={rows.map((row, index) => ({ ...row, index }))}
          aria-describedby="increment-ladder-help"
          style={{ marginBottom: 12 }}
        />
      ) : (
        <Typography.Paragraph data-testid="increment-ladder-empty">
          No bands: every price uses the minimum bid increment.
        </Typography.Paragraph>
      )}
      <Button
        onClick={() => setRows([...rows, { below: '', increment: '' }])}
        disabled={rows.length >= MAX_LADDER_ROWS}
        style={{ marginBottom: 16 }}
      >
        Add band
      </Button>
    </div>
  );
}
