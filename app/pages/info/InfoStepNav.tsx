import { Box, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { href, INFO_TITLES, type InfoTitle } from '../../../contract/routes';

/** The five info steps as a row of pills; the current one is marked for assistive technology. */
export function InfoStepNav({ current }: { current: InfoTitle }) {
  const { t } = useTranslation('info');
  const { t: tc } = useTranslation('common');
  return (
    <Box as="nav" aria-label={t('detail.stepNav')} mb="8" overflowX="auto">
      <Flex as="ol" listStyle="none" gap="2" wrap={{ base: 'nowrap', md: 'wrap' }}>
        {INFO_TITLES.map((title, i) => {
          const active = title === current;
          return (
            <Box as="li" key={title} flexShrink="0">
              <Box
                asChild
                display="inline-flex"
                px="3.5"
                py="1.5"
                rounded="full"
                fontSize="sm"
                fontWeight="600"
                borderWidth="1px"
                bg={active ? 'brand.800' : 'bg'}
                color={active ? 'white' : 'fg.muted'}
                borderColor={active ? 'brand.800' : 'border'}
                _hover={active ? undefined : { borderColor: 'brand.600', color: 'brand.800' }}
              >
                <Link
                  href={href.infoDetail(title)}
                  aria-current={active ? 'page' : undefined}
                >{`${i + 1}. ${tc(`nav.info.${title}`)}`}</Link>
              </Box>
            </Box>
          );
        })}
      </Flex>
    </Box>
  );
}
