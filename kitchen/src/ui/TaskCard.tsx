import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { Link } from '@console/shared-sdk/router';
import type { IndividualTask } from '@console/shared-sdk/contract';

/** A task in a list (today's, the alerts'): its name as a heading, the whole card opening the task. */
export function TaskCard({ task, children }: { task: IndividualTask; children?: ReactNode }) {
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={Link}
        to={`/task/${task.masterTaskID}/${task._id}`}
        sx={{ p: 2, minHeight: 64 }}
      >
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.125rem', mb: 0.5 }}>
          {task.name}
        </Typography>
        {children}
      </CardActionArea>
    </Card>
  );
}
