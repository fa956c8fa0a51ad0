// The human check's markup, one copy for both widgets: HumanCheck.astro renders it to plain HTML
// (no React code reaches the page) and HumanCheck.tsx inside islands. Every mode's part starts
// hidden; mount.ts shows the one the server asks for (GET /api/v1/human-check/config) and fills
// the hidden input `human_check_token`.
import type { Ref } from 'react';
import { STAND_IN_NOTE, UNAVAILABLE_MESSAGE } from './texts.ts';

export interface HumanCheckMarkupProps {
  action: string;
  /** Unique on the page: the stand-in's note describes its checkbox. */
  noteId: string;
  /** Plain forms: marks the root that HumanCheck.astro's script mounts (islands mount their own). */
  plain?: boolean;
  disabled?: boolean;
  ref?: Ref<HTMLDivElement>;
}

export default function HumanCheckMarkup({ action, noteId, plain, disabled, ref }: HumanCheckMarkupProps) {
  return (
    <div ref={ref} className="human-check" data-human-check={plain ? '' : undefined} data-action={action}>
      {/* Uncontrolled (defaultValue): mount.ts writes the token, React must not put '' back. */}
      <input type="hidden" name="human_check_token" defaultValue="" />
      <div className="human-check__local" data-local="" hidden>
        <div className="human-check__row">
          <label className="human-check__box">
            <input
              type="checkbox"
              className="human-check__input"
              data-box=""
              aria-describedby={noteId}
              disabled={disabled}
            />
            I am not a robot
          </label>
          <span className="human-check__status" role="status" data-status="" />
        </div>
        <p id={noteId} className="human-check__note">
          {STAND_IN_NOTE}
        </p>
      </div>
      <div className="human-check__turnstile" data-slot="" hidden />
      <p className="human-check__unavailable" data-unavailable="" hidden>
        {UNAVAILABLE_MESSAGE}
      </p>
      <p className="human-check__error" role="alert" data-error="" />
      <button type="button" className="button button--outline" data-retry="" hidden>
        Try again
      </button>
    </div>
  );
}
