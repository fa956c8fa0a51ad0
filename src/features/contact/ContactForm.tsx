// The contact form on /help (product.md 4, 5.4): personal fields and the human check first; choosing a
// department (extra data reset) reveals its header, subject, extra fields, the 6-row message box
// and Submit. 'Your message has been sent!' shows only once the server has stored the message
// (docs/architecture.md, departures); on a failure everything typed stays and the form says what went wrong.
import { type ChangeEvent, useEffect, useState } from 'react';
import {
  FormMessages,
  RequiredNote,
  SelectField,
  TextField,
  TrapField,
} from '../../components/form/Fields.tsx';
import { useFormTicket } from '../../components/form/useFormTicket.ts';
import { useSubmit } from '../../components/form/useSubmit.ts';
import { US_STATES } from '../../lib/us-states.ts';
import { PROFILE_INPUTS, toProfileValues } from '../account/profile.ts';
import HumanCheck from '../human-check/HumanCheck.tsx';
import { api, publicApi, read } from '../session/api.ts';
import { readKey, SESSION_KEYS } from '../session/session-store.ts';
import { CONTACT_MESSAGES, MAX_MESSAGE, MESSAGE_ROWS } from './contact.ts';
import {
  type ContactValues,
  chooseDepartment,
  contactPayload,
  contactProblems,
  initialContact,
} from './contact-form.ts';
import { type DepartmentId, EXTRA_FIELDS, OTHER_SUBJECT } from './departments.ts';
import ExtraFields from './ExtraFields.tsx';
import './contact.css';

export interface DepartmentOption {
  id: DepartmentId;
  name: string;
  /** The editors' subjects, ending with 'Other (Enter Below)'. */
  subjects: string[];
}

const PERSONAL = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip',
] as const;

export default function ContactForm({ departments }: { departments: DepartmentOption[] }) {
  const ticket = useFormTicket('contact');
  const [values, setValues] = useState<ContactValues>(initialContact);
  const [humanToken, setHumanToken] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  // product.md 4: the widget starts over after each submit, sent or not.
  const restartHumanCheck = () => {
    setHumanToken(null);
    setResetKey((key) => key + 1);
  };

  const { formRef, errors, status, busy, submit } = useSubmit({
    name: 'Contact form',
    check: () => ({ ...contactProblems(values, humanToken), output: contactPayload(values) }),
    async send(payload) {
      // product.md gives this form no minimum time: a quick visitor's message waits out the ticket's.
      await ticket.ready();
      const json = {
        ...payload,
        website: values.website,
        form_ticket: ticket.value,
        human_check_token: humanToken ?? '',
      };
      const answer = await read(publicApi.contact.$post({ json, query: { include_ip: 'true' } }));
      restartHumanCheck();
      setValues((old) => ({ ...chooseDepartment(old, ''), message: '' }));
      return `${CONTACT_MESSAGES.sent} Your reference number is ${answer.reference}.`;
    },
    // Everything typed stays; the server's own sentence says what to fix.
    failure: { lead: CONTACT_MESSAGES.failed },
    onFailure(error) {
      restartHumanCheck();
      ticket.renewIfRefused(error);
    },
  });

  useEffect(() => {
    // A signed-in member finds the personal fields filled from the profile.
    if (!readKey(SESSION_KEYS.token)) return;
    read(api.me.profile.$get())
      .then((answer) => {
        const profile = toProfileValues(answer);
        setValues((old) => {
          const next = { ...old };
          for (const name of PERSONAL) if (!next[name].trim()) next[name] = profile[name];
          return next;
        });
      })
      .catch((error: unknown) => console.warn('Contact form: profile not loaded', error));
  }, []);

  const department = departments.find((d) => String(d.id) === values.department);
  const update = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target;
    setValues((old) => (name === 'department' ? chooseDepartment(old, value) : { ...old, [name]: value }));
  };
  const field = (name: Exclude<keyof ContactValues, 'extra'>) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    onChange: update,
    error: errors[name],
  });

  const { error: messageError, ...messageBox } = field('message');

  return (
    <form
      ref={formRef}
      className="contact-form"
      noValidate
      onSubmit={submit}
      aria-labelledby="contact-form-title"
      aria-busy={busy || undefined}
    >
      <h2 id="contact-form-title">Send us a message</h2>
      <RequiredNote />
      <SelectField
        {...field('department')}
        label="Department"
        options={departments.map((d) => [String(d.id), d.name] as const)}
        placeholder="Choose a department"
      />
      <div className="field-grid">
        <TextField {...field('first_name')} {...PROFILE_INPUTS.first_name} required />
        <TextField {...field('last_name')} {...PROFILE_INPUTS.last_name} required />
        <TextField {...field('email')} label="Email" type="email" autoComplete="email" required />
        <TextField {...field('phone')} {...PROFILE_INPUTS.phone} required />
        <TextField {...field('address_1')} {...PROFILE_INPUTS.address_1} required />
        <TextField {...field('address_2')} {...PROFILE_INPUTS.address_2} />
        <TextField {...field('city')} {...PROFILE_INPUTS.city} required />
        <SelectField {...field('state')} {...PROFILE_INPUTS.state} options={US_STATES} required />
        <TextField {...field('zip')} {...PROFILE_INPUTS.zip} required />
      </div>
      {department && (
        <section className="contact-form__department" aria-labelledby="contact-department-title">
          <h3 id="contact-department-title">{department.name}</h3>
          <SelectField
            {...field('subject')}
            label="Subject"
            options={department.subjects.map((s) => [s, s] as const)}
            placeholder="Choose a subject"
            required
          />
          {values.subject === OTHER_SUBJECT && (
            <TextField {...field('other_subject')} label="Your subject" maxLength={150} required />
          )}
          <ExtraFields
            fields={EXTRA_FIELDS[department.id]}
            values={values.extra}
            errors={errors}
            onChange={(key, value) => setValues((old) => ({ ...old, extra: { ...old.extra, [key]: value } }))}
          />
          <div className="field">
            <label htmlFor="contact-message">
              Message
              <span className="field__required" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <textarea
              {...messageBox}
              rows={MESSAGE_ROWS}
              maxLength={MAX_MESSAGE}
              required
              aria-invalid={messageError ? true : undefined}
              aria-describedby={messageError ? 'contact-message-error' : undefined}
            />
            {messageError && (
              <p id="contact-message-error" className="field__error">
                {messageError}
              </p>
            )}
          </div>
        </section>
      )}
      <TrapField id="contact-website" value={values.website} onChange={update} />
      <HumanCheck action="contact" onToken={setHumanToken} resetKey={resetKey} />
      <FormMessages error={status.error} success={status.success} />
      {department && (
        <button type="submit" className="button" disabled={busy}>
          Submit
        </button>
      )}
    </form>
  );
}
