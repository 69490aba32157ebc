import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api } from '../../../../client/providers/http';
import { QueryContent } from '../../../../client/screens/common/QueryStates';
import { SafeHtml } from '../../../../client/screens/common/SafeHtml';
import { USER_FAQ_PATH, type FaqCategory } from '../../common/faq';

/** /faq: the questions root published, by category in root's order, each answer opened on demand (by mouse or keyboard). */
export default function FaqPage() {
  const translate = useTranslate();
  const faq = useQuery({
    queryKey: ['user', 'faq'],
    queryFn: ({ signal }) => api<{ data: FaqCategory[] }>(USER_FAQ_PATH, { signal }),
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Typography component="h1" variant="h4">
        {translate('app.faq.title')}
      </Typography>
      <QueryContent query={faq} isEmpty={(answer) => answer.data.length === 0} empty={translate('app.faq.empty')}>
        {(answer) => (
          answer.data.map((category) => (
            <section key={category.id} aria-labelledby={`faq-category-${category.id}`}>
              <Typography id={`faq-category-${category.id}`} component="h2" variant="h6" sx={{ mb: 1 }}>
                {category.name}
              </Typography>
              {category.questions.map((question) => (
                <Accordion key={question.id} disableGutters variant="outlined" slotProps={{ heading: { component: 'h3' }, transition: { unmountOnExit: true } }}>
                  <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                    <Typography component="span">{question.question}</Typography>
                  </AccordionSummary>
                  <AccordionDetails>
                    <SafeHtml html={question.answer} />
                  </AccordionDetails>
                </Accordion>
              ))}
            </section>
          ))
        )}
      </QueryContent>
    </Stack>
  );
}
