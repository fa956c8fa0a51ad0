// Inputs of the fleet form with a format of their own: US phones shown as (XXX) XXX-XXXX once
// typed, and the currency amount whose comma key is blocked (product.md 5.6).
import { type ComponentProps, type KeyboardEvent, useCallback, useContext } from 'react';
import { FormContext, Text } from './ApplicationControls.tsx';
import { formatUsPhone } from './rules.ts';

type TextProps = ComponentProps<typeof Text>;

// The handlers stay the same between renders, as Text's memo'd view needs (ApplicationControls.tsx):
// the field's own value is the input's.
export function Phone(props: TextProps) {
  const { set } = useContext(FormContext);
  const { name } = props;
  const onBlur = useCallback(
    (event: { currentTarget: HTMLInputElement }) => set(name, formatUsPhone(event.currentTarget.value)),
    [set, name],
  );
  return (
    <Text type="tel" hint="(XXX) XXX-XXXX" maxLength={20} autoComplete="off" onBlur={onBlur} {...props} />
  );
}

const withoutCommas = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === ',') event.preventDefault();
};

export function Money(props: TextProps) {
  return <Text inputMode="decimal" maxLength={16} autoComplete="off" onKeyDown={withoutCommas} {...props} />;
}
