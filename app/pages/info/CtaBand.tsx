import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link } from 'wouter';

export interface CtaAction {
  href: string;
  label: string;
}

/** A closing call-to-action band (h2, a line, buttons: the first solid, the rest outlined). */
export function CtaBand({ title, body, actions }: { title: string; body: string; actions: CtaAction[] }) {
  const id = useId();
  return (
    <Box
      as="section"
      aria-labelledby={id}
      mt={{ base: '12', md: '16' }}
      p={{ base: '6', md: '10' }}
      rounded="2xl"
      bg="brand.900"
      color="white"
    >
      <Flex
        direction={{ base: 'column', md: 'row' }}
        gap="6"
        justify="space-between"
        align={{ base: 'flex-start', md: 'center' }}
      >
        <Stack gap="2" maxW="2xl">
          <Heading as="h2" id={id} fontSize={{ base: 'xl', md: '2xl' }}>
            {title}
          </Heading>
          <Text color="brand.50">{body}</Text>
        </Stack>
        <Flex gap="3" wrap="wrap" flexShrink="0">
          {actions.map((action, i) => (
            <Button
              key={action.href}
              asChild
              size="lg"
              {...(i === 0
                ? { bg: 'white', color: 'brand.900', _hover: { bg: 'brand.50' } }
                : {
                    variant: 'outline',
                    color: 'white',
                    borderColor: 'whiteAlpha.700',
                    _hover: { bg: 'whiteAlpha.200' },
                  })}
            >
              <Link href={action.href}>{action.label}</Link>
            </Button>
          ))}
        </Flex>
      </Flex>
    </Box>
  );
}
