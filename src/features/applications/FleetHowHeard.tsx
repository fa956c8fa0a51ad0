// How the applicant heard of the program (product.md 3): the Other text appears only for Other.
import { useContext } from 'react';
import { Choices, FormContext, Text, TextArea } from './ApplicationControls.tsx';
import { HOW_HEARD } from './fleet.ts';

export default function FleetHowHeard() {
  const { values } = useContext(FormContext);
  return (
    <fieldset className="section">
      <legend>About you</legend>
      <Choices name="how_heard" label="How did you hear about the fleet fueling program?" options={HOW_HEARD}>
        {values.how_heard === 'other' && (
          <Text name="how_heard_other" label="Please describe" maxLength={200} />
        )}
      </Choices>
      <div className="field-grid">
        <Text name="store_number" label="Store #" maxLength={20} />
        <Text name="employee_number" label="Employee #" maxLength={20} />
      </div>
      <TextArea name="additional_info" label="Additional Information" maxLength={2000} />
    </fieldset>
  );
}
