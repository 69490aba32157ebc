import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import { WcagPage } from './parts';

/** The questions of the FAQ, in order; their texts are app.wcag.faq.items.<id>.question / .answer. */
const QUESTIONS = ['who', 'what', 'deadline', 'statement', 'where', 'exceptions', 'complaint', 'penalties', 'tool', 'manual'] as const;

/** moduly/wcag/faq: a site's accessibility duties under the Polish act of 4 April 2019, in questions and answers. */
export default function FaqScreen() {
  const translate = useTranslate();
  return (
    <WcagPage title={translate('app.wcag.faq.title')}>
      <Typography sx={{ mb: 2 }}>{translate('app.wcag.faq.intro')}</Typography>
      {QUESTIONS.map((id) => (
        <Accordion key={id} disableGutters slotProps={{ heading: { component: 'h2' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography component="span" variant="body1">
              {translate(`app.wcag.faq.items.${id}.question`)}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography>{translate(`app.wcag.faq.items.${id}.answer`)}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </WcagPage>
  );
}
