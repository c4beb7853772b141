import { Input, type InputProps } from 'antd';
import { useState } from 'react';
import { formatMoneyInput, moneyInputValue } from './money';

type TextProps = Omit<InputProps, 'value' | 'onChange' | 'inputMode'>;

/**
 * The one money field of the web app (spec: non-negative, two decimals, dollar prefix, thousands
 * separator): the text is regrouped as the user types ('1234567' shows '1,234,567'). The value
 * stays text, as the forms hold it; `moneyInputValue` reads the amount.
 */
export function MoneyInput({ value, onChange, prefix = '$', ...props }: TextProps & { value: string; onChange: (text: string) => void }) {
  return (
    <Input
      {...props}
      prefix={prefix}
      inputMode="decimal"
      autoComplete="off"
      value={formatMoneyInput(value)}
      onChange={(event) => onChange(formatMoneyInput(event.target.value))}
    />
  );
}

/** The same field for a form that holds the amount as a number (null when empty). */
export function MoneyAmountInput({
  value,
  onChange,
  ...props
}: TextProps & { value: number | null | undefined; onChange: (amount: number | null) => void }) {
  const [typed, setTyped] = useState('');
  // What the user typed while it still means the form's amount ('12.' while typing 12.5), else the amount.
  const text =
    moneyInputValue(typed) === (value ?? null) ? typed : value === null || value === undefined ? '' : formatMoneyInput(String(value));
  return (
    <MoneyInput
      {...props}
      value={text}
      onChange={(next) => {
        setTyped(next);
        onChange(moneyInputValue(next));
      }}
    />
  );
}
