import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invitationKeySchema, type InvitationPreview } from '../../../../contract/apiInvitations';
import { errorCodeOf, type ApiClientErrorCode } from '../../../api/ApiRequestError';
import { FormAlert } from '../../auth/FormAlert';
import { invitationsApi } from './invitationsApi';

/** The invitation of the sign-up page's `?invitation=<key>` (the link of an invitation mail). */
export type SignupInvitation =
  | { status: 'none' }
  | { status: 'loading'; key: string }
  | { status: 'valid'; key: string; preview: InvitationPreview }
  | { status: 'invalid'; key: string; error: ApiClientErrorCode };

/** Reads the invitation key from the query string and fetches its preview once per key. */
export function useSignupInvitation(search: string): SignupInvitation {
  const key = new URLSearchParams(search).get('invitation');
  const [state, setState] = useState<SignupInvitation>(key ? { status: 'loading', key } : { status: 'none' });
  useEffect(() => {
    if (!key) {
      setState({ status: 'none' });
      return;
    }
    if (!invitationKeySchema.safeParse(key).success) {
      setState({ status: 'invalid', key, error: 'invalid_key' });
      return;
    }
    let live = true;
    setState({ status: 'loading', key });
    invitationsApi.preview(key).then(
      (preview) => live && setState({ status: 'valid', key, preview }),
      (error: unknown) => live && setState({ status: 'invalid', key, error: errorCodeOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}

/** Above the sign-up form: who invites to what, or why the link does not work. */
export function SignupInvitationNotice({ invitation }: { invitation: SignupInvitation }) {
  // The texts load only for a sign-up that came from an invitation link.
  return invitation.status === 'valid' || invitation.status === 'invalid' ? <Notice invitation={invitation} /> : null;
}

function Notice({ invitation }: { invitation: Extract<SignupInvitation, { status: 'valid' | 'invalid' }> }) {
  const { t } = useTranslation(['invitations', 'errors']);
  if (invitation.status === 'invalid') {
    return (
      <FormAlert testId="invitation-invalid">
        {invitation.error === 'invalid_key' ? t('invitations:signup.invalid') : t(`errors:${invitation.error}`)}
      </FormAlert>
    );
  }
  const { preview } = invitation;
  const values = { inviter: preview.inviterName, name: preview.targetName };
  return (
    <FormAlert status="info" testId="invitation-notice">
      {t(`invitations:signup.${preview.kind}${preview.inviterName === null ? 'NoInviter' : ''}`, values)}{' '}
      {t('invitations:signup.hint', { email: preview.email })}
    </FormAlert>
  );
}
