//! Catalog messages that guide a newcomer: the help of one command, and
//! the hints for a command typed almost right (a value out of range or
//! misspelt, a name with spaces, two moves at once, a line without its
//! slash).

use super::declare::messages;

messages! {
    /// The example under one command's help.
    pub fn help_example(l, example: &str) = "help-example";
    /// A number outside what an option takes, with the range.
    pub fn option_out_of_range(l, name: &str, value: &str, range: &str) = "option-out-of-range";
    /// A word an option does not take, with the words it does.
    pub fn option_choices(l, name: &str, value: &str, choices: &str) = "option-choices";
    /// `move e4 e5`: one move at a time (`first` the first one).
    pub fn one_move_at_a_time(l, first: &str) = "one-move-at-a-time";
    /// `time:3d` where correspondence time is given in days.
    pub fn time_means_days(l) = "time-means-days";
    /// A name with spaces typed without quotes (`league create Winter Cup`).
    pub fn name_in_quotes(l, command: &str, name: &str) = "name-in-quotes";
    /// `league` alone: its actions.
    pub fn league_actions(l) = "league-actions";
    /// A console line whose command lacks its slash (`chess challenge
    /// @bob`): the line as it should be.
    pub fn console_no_slash(l, line: &str) = "console-no-slash";
}
