// Generated API sources from specs/ land here.
