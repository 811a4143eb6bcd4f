import { messages } from '@ishuri/contract';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { Tagged } from '../../../components/tagged';

/** Preview as learner (the course's owner or an admin): what learners see; nothing is saved. */
export function PreviewNotice({ courseId }: { courseId: string }) {
  return (
    <FormAlert tone="info">
      <p className="font-semibold">{messages.previewBanner}</p>
      <p className="mt-1">
        <Link
          to={`/dashboard/view/${courseId}`}
          className="font-semibold underline underline-offset-2"
        >
          {messages.backToCourseManager}
        </Link>
      </p>
    </FormAlert>
  );
}

/** Guest mode: nothing is saved; an invitation to register. */
export function GuestNotice() {
  return (
    <FormAlert tone="info">
      <p className="font-semibold">{messages.guestMode}</p>
      <p className="mt-1">
        {messages.guestInvite}{' '}
        <Tagged
          sentence={messages.guestJoin}
          parts={{
            register: (text) => (
              <Link to="/register" className="font-semibold underline underline-offset-2">
                {text}
              </Link>
            ),
            login: (text) => (
              <Link to="/login" className="font-semibold underline underline-offset-2">
                {text}
              </Link>
            ),
          }}
        />
      </p>
    </FormAlert>
  );
}
