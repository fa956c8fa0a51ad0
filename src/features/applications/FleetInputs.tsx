// Inputs of the fleet form with a format of their own: US phones shown as (XXX) XXX-XXXX once
// typed, and the currency amount whose comma key is blocked (product.md 5.6).
import { type ComponentProps, useContext } from 'react';
import { FormContext, Text } from './ApplicationControls.tsx';
import { formatUsPhone } from './rules.ts';

type TextProps = ComponentProps<typeof Text>;

export function Phone(props: TextProps) {
  const { values, set } = useContext(FormContext);
  return (
    <Text
      type="tel"
      hint="(XXX) XXX-XXXX"
      maxLength={20}
      autoComplete="off"
      onBlur={() => set(props.name, formatUsPhone(String(values[props.name] ?? '')))}
      {...props}
    />
  );
}

export function Money(props: TextProps) {
  return (
    <Text
      inputMode="decimal"
      maxLength={16}
      autoComplete="off"
      onKeyDown={(event) => {
        if (event.key === ',') event.preventDefault();
      }}
      {...props}
    />
  );
}
