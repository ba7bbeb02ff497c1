import { Button, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password input with a show/hide button. Use inside a `Field.Root` for its label. */
export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElementProps={{ px: '1' }}
      endElement={
        <Button
          size="xs"
          variant="ghost"
          aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('login.hide') : t('login.show')}
        </Button>
      }
    >
      <Input type={visible ? 'text' : 'password'} pe="16" {...props} />
    </InputGroup>
  );
}
