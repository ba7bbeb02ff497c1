import { Box, Grid, Text } from '@chakra-ui/react';
import { ContentSection } from './ContentSection';
import { LineIcon, type IconName } from './LineIcon';

/** The first section of a detail page: a lead paragraph beside a large icon (wide screens). */
export function LeadSection({ title, text, icon }: { title: string; text: string; icon: IconName }) {
  return (
    <ContentSection title={title}>
      <Grid templateColumns={{ base: '1fr', md: '1fr auto' }} gap="8" alignItems="center">
        <Text fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.8" maxW="3xl">
          {text}
        </Text>
        <Box hideBelow="md" color="brand.800" bg="brand.50" rounded="3xl" p="10">
          <LineIcon name={icon} size={96} />
        </Box>
      </Grid>
    </ContentSection>
  );
}
