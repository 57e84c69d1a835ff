import type { ReactNode } from 'react';
import { Switch } from './ui/switch';
import { TextField } from './ui/text-field';

type ExclusivePriceFieldsProps = {
  /** The switch's label: 'Exclusive video', 'Exclusive live', 'Exclusive playlist'. */
  switchLabel: string;
  priceLabel: string;
  isExclusive: boolean;
  price: string;
  /** The price field's minimum (the upload and Go live forms send a price only from 5). */
  min: number;
  hint: ReactNode;
  onExclusiveChange: (isExclusive: boolean) => void;
  onPriceChange: (price: string) => void;
};

/** The Exclusive switch and, when on, its price: one block for the upload, Go live and playlist forms. */
export function ExclusivePriceFields(props: ExclusivePriceFieldsProps) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line p-4">
      <Switch label={props.switchLabel} checked={props.isExclusive} onChange={props.onExclusiveChange} />
      {props.isExclusive ? (
        <TextField
          label={props.priceLabel}
          name="price"
          type="number"
          min={props.min}
          step={0.01}
          inputMode="decimal"
          value={props.price}
          onChange={(e) => props.onPriceChange(e.target.value)}
          hint={<span className="text-muted">{props.hint}</span>}
        />
      ) : null}
    </div>
  );
}
